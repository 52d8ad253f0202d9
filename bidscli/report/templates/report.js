/* Interaction only: the page reads the same without it. "Open all reasons" and open them for printing. */
(function () {
  "use strict";
  var all = document.querySelectorAll("details");
  if (!all.length) { return; }
  var bar = document.querySelector(".tools");
  if (bar) {
    var b = document.createElement("button");
    b.type = "button";
    b.textContent = "Open all reasons";
    b.addEventListener("click", function () {
      var open = b.getAttribute("aria-pressed") !== "true";
      all.forEach(function (d) { d.open = open; });
      b.setAttribute("aria-pressed", open ? "true" : "false");
      b.textContent = open ? "Close all reasons" : "Open all reasons";
    });
    bar.appendChild(b);
  }
  window.addEventListener("beforeprint", function () { all.forEach(function (d) { d.open = true; }); });
})();
