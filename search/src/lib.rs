//! Tinman's search over the rules core. It reports through returned structs and callbacks
//! and never prints; only the protocol crate does I/O.

pub mod bench;
pub mod data;
pub mod epd;
pub mod eval;
pub mod game_params;
pub mod history;
pub mod limits;
pub mod perft;
pub mod picker;
pub mod score;
pub mod search;
pub mod searcher;
pub mod see;
pub mod tt;
pub mod tune;

pub use eval::EvalMode;
pub use limits::{Clock, Limits};
pub use score::Score;
pub use search::{SearchInfo, SearchResult};
pub use searcher::Searcher;
