/* Interaction only: the page reads the same without it. "Open all reasons" and open them for printing.
   The button's words are the page's language, from the .tools element (data-open, data-close). */
(function () {
  "use strict";
  var all = document.querySelectorAll("details");
  if (!all.length) { return; }
  var bar = document.querySelector(".tools");
  if (bar) {
    var b = document.createElement("button");
    b.type = "button";
    var words = { open: bar.dataset.open || "Open all reasons", close: bar.dataset.close || "Close all reasons" };
    b.textContent = words.open;
    b.addEventListener("click", function () {
      var open = b.getAttribute("aria-pressed") !== "true";
      all.forEach(function (d) { d.open = open; });
      b.setAttribute("aria-pressed", open ? "true" : "false");
      b.textContent = open ? words.close : words.open;
    });
    bar.appendChild(b);
  }
  window.addEventListener("beforeprint", function () { all.forEach(function (d) { d.open = true; }); });
})();
