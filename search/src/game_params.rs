//! Search parameters that are measured per game, because a value that gains in one game can
//! lose in another (docs/search.md: the thirty-first and thirty-second sessions' rows).

use tinman_core::Variant;

/// One game's search parameters.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct GameParams {
    /// Late-move reduction: ln(depth) · ln(move number) / this.
    pub lmr_divisor: f32,
}

/// Every game not listed below.
const DEFAULT: GameParams = GameParams { lmr_divisor: 2.0 };

impl Default for GameParams {
    fn default() -> Self {
        DEFAULT
    }
}

/// The games whose parameters differ from `DEFAULT`, by protocol name: the one place the
/// search matches a game's name, as `eval::tables` does for the weights.
const GAMES: &[(&str, GameParams)] =
    &[("normal", GameParams { lmr_divisor: 1.75 }), ("wizardoz", GameParams { lmr_divisor: 1.75 })];

/// The search parameters of `variant`.
pub fn for_variant(variant: &Variant) -> GameParams {
    GAMES.iter().find(|(name, _)| *name == variant.name).map_or(DEFAULT, |&(_, p)| p)
}

#[cfg(test)]
mod tests {
    use super::*;
    use tinman_core::variants;

    #[test]
    fn every_listed_game_exists_and_differs_from_the_default() {
        for (name, params) in GAMES {
            let variant = variants::by_name(name).unwrap_or_else(|| panic!("no game {name}"));
            assert_eq!(for_variant(variant), *params);
            assert_ne!(*params, DEFAULT, "{name} repeats the default");
        }
    }
}
