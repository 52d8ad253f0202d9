from .entry import main

main(prog_name="bids")
