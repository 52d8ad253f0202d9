from .cli.entry import main

main(prog_name="bids")
