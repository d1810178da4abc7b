//! The `tinman` binary: a command line runs a tool; no arguments wait for a GUI.

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    if !args.is_empty() {
        std::process::exit(tinman::cli::run(&args));
    }
    tinman::serve(Box::new(std::io::BufReader::new(std::io::stdin())), tinman::Output::stdout());
}
