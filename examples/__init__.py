"""The example logs and the house ruleset, shipped as the package ``bidscli.examples``
(``bids examples`` lists them and writes one out), so the first commands ``bids --help``
suggests work from any folder after ``pip install``. This folder is their one copy."""
