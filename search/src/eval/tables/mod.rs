//! The tuned weight tables, one text file per game (`tinman tune` writes them; the format is
//! `Weights::read_table`'s). A game without a file here plays with the hand-set weights.

use tinman_core::Variant;

/// The built-in games' tables, by protocol name: the one place a game is matched by its
/// name, because the tables are data the rules core does not carry.
const TABLES: &[(&str, &str)] = &[
    ("normal", include_str!("normal.txt")),
    ("desertoasis", include_str!("desertoasis.txt")),
    ("imawazir", include_str!("imawazir.txt")),
    ("wedgie", include_str!("wedgie.txt")),
    ("wizardoz", include_str!("wizardoz.txt")),
];

/// The tuned table of `variant`, if it has one.
pub(super) fn tuned(variant: &Variant) -> Option<&'static str> {
    TABLES.iter().find(|(name, _)| *name == variant.name).map(|&(_, text)| text)
}

/// Every game with a tuned table and its text (for the test that reads them all).
pub fn all() -> &'static [(&'static str, &'static str)] {
    TABLES
}
