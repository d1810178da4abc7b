//! The `tinman` binary.

mod cli;
mod uci;

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    if args.is_empty() {
        // Protocol mode: a GUI talks to the engine on standard input and output.
        uci::run();
        return;
    }
    std::process::exit(cli::run(&args));
}
