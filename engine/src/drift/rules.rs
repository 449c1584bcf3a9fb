//! Rules that vary between tables, as data: [`DriftRules`], loaded from TOML presets.

use super::DriftError;
use super::card::{Card, Suit};
use crate::config::Presets;
use serde::Deserialize;

/// The largest deck the rules allow: two 52-card decks and four jokers.
pub const MAX_DECK: usize = 108;

/// The rules of a drift battle that the seed leaves open or that tables vary.
///
/// [`DriftRules::default()`] is the seed's game (file `presets/rules_default.toml`); a
/// field missing from a TOML preset takes its default value, an unknown field is an error.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Deserialize)]
#[serde(default, deny_unknown_fields)]
pub struct DriftRules {
    /// Number of 52-card decks shuffled together (1 or 2). Default 1.
    pub decks: u8,
    /// Jokers added to the deck (0..=4); void cards. Default 2.
    pub jokers: u8,
    /// Whether life includes the driver's home bonus (地元によるプラス修正). Default true.
    pub apply_home_bonus: bool,
    /// Whether all cards are gathered and reshuffled at the role swap (true), or the second
    /// chase goes on with the deck and discards as they stand (false). Default true.
    pub fresh_deck_each_chase: bool,
    /// How many times a driver may use SpeedMaster in one chase (the seed says "at the
    /// start of any round"; read as once, at a round of the player's choosing). Default 1.
    pub speed_master_uses_per_chase: u8,
    /// Whether SpeedMaster may be used at the start of every round (the other reading of
    /// 任意のラウンドの開始時点: any round, each round): then `speed_master_uses_per_chase`
    /// is ignored. Default false.
    pub speed_master_every_round: bool,
    /// Whether declaring Legal High needs the life to pay it (true: life ≥ 1, so a driver
    /// leading the second chase, its life already below 0 from its own chase, cannot
    /// declare it), or may be declared at any life (false: the payment may take life
    /// further below 0, which makes it free when leading second). Default true.
    pub legal_high_needs_life: bool,
    /// When Phantom's trade (1 point for 1 life) is offered: false = once after each round
    /// that cost life; true = once at the end of every round while life is below the
    /// start, so that it also buys back a Legal High payment or an earlier loss. Either
    /// way it needs at least 1 point and never heals above the starting life. Default false.
    pub phantom_every_round: bool,
    /// Whether DiamondCutter's +1 needs a scoring round (false: any round where the
    /// played card is a diamond, the literal reading of 評価点の合計値が＋１). Default false.
    pub diamond_cutter_needs_score: bool,
    /// Cap on rounds in one chase. The printed rules have none: a chase ends only when the
    /// chaser's life is below 0, and with DriftMeister or Harlequin played well it may
    /// never end. A chase reaching the cap stops there and the outcome says so; the
    /// studies print how many chases it cut. Default 1000.
    pub max_rounds_per_chase: u16,
}

impl Default for DriftRules {
    fn default() -> Self {
        DriftRules {
            decks: 1,
            jokers: 2,
            apply_home_bonus: true,
            fresh_deck_each_chase: true,
            speed_master_uses_per_chase: 1,
            speed_master_every_round: false,
            legal_high_needs_life: true,
            phantom_every_round: false,
            diamond_cutter_needs_score: false,
            max_rounds_per_chase: 1000,
        }
    }
}

impl DriftRules {
    /// The built-in rules presets.
    pub const PRESETS: Presets = Presets {
        kind: "drift rules preset",
        list: &[
            ("default", include_str!("presets/rules_default.toml")),
            ("continuous_deck", include_str!("presets/rules_continuous_deck.toml")),
            ("no_jokers", include_str!("presets/rules_no_jokers.toml")),
            ("alternative_readings", include_str!("presets/rules_alternative_readings.toml")),
        ],
    };

    /// A built-in preset by name (see [`DriftRules::PRESETS`]).
    pub fn preset(name: &str) -> Result<DriftRules, DriftError> {
        let text = Self::PRESETS.text(name).ok_or_else(|| DriftError::UnknownPreset(Self::PRESETS.unknown(name)))?;
        DriftRules::from_toml(text)
    }

    /// Parses and checks a rules preset.
    pub fn from_toml(text: &str) -> Result<DriftRules, DriftError> {
        let rules: DriftRules =
            crate::config::from_toml(text).map_err(|e| DriftError::Toml { message: e.to_string() })?;
        rules.validate()?;
        Ok(rules)
    }

    fn validate(&self) -> Result<(), DriftError> {
        let bad = |field, allowed, found: u32| {
            Err(DriftError::BadValue { item: "rules".into(), field, allowed, found: found.to_string() })
        };
        if !(1..=2).contains(&self.decks) {
            return bad("decks", "1 or 2", self.decks.into());
        }
        if self.jokers > 4 {
            return bad("jokers", "0..=4", self.jokers.into());
        }
        if self.max_rounds_per_chase == 0 {
            return bad("max_rounds_per_chase", "at least 1", 0);
        }
        Ok(())
    }

    /// Cards in the full deck.
    pub fn deck_size(&self) -> usize {
        52 * self.decks as usize + self.jokers as usize
    }

    /// The full deck in canonical order (suits S H D C, A..K, then jokers), into `out`;
    /// returns the number of cards.
    pub fn fill_deck(&self, out: &mut [Card; MAX_DECK]) -> usize {
        let mut n = 0;
        for _ in 0..self.decks {
            for suit in Suit::ALL {
                for rank in 1..=13 {
                    out[n] = Card::new(rank, suit).unwrap_or(Card::JOKER);
                    n += 1;
                }
            }
        }
        for _ in 0..self.jokers {
            out[n] = Card::JOKER;
            n += 1;
        }
        n
    }
}

/// The probability that the chaser scores in a round with plain play and no styles.
///
/// Plain play uses the drawn cards, and unseen hands do not change the law of a draw, so the
/// target and the chaser's card are two cards drawn without replacement from the full deck:
/// the chaser scores when its card is numbered and either the target is a joker or the card
/// is at least the target.
pub fn exact_chaser_score_probability(rules: &DriftRules) -> f64 {
    let per_rank = 4.0 * f64::from(rules.decks);
    let jokers = f64::from(rules.jokers);
    let n = rules.deck_size() as f64;
    let numbered = 13.0 * per_rank;
    let higher_pairs = 78.0 * per_rank * per_rank;
    let equal_pairs = 13.0 * per_rank * (per_rank - 1.0);
    let joker_target = jokers * numbered;
    (higher_pairs + equal_pairs + joker_target) / (n * (n - 1.0))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn default_preset_is_the_seed() {
        assert_eq!(DriftRules::preset("default").unwrap(), DriftRules::default());
        assert_eq!(DriftRules::default().deck_size(), 54);
        assert!(!DriftRules::preset("continuous_deck").unwrap().fresh_deck_each_chase);
        assert_eq!(DriftRules::preset("no_jokers").unwrap().jokers, 0);
        let alt = DriftRules::preset("alternative_readings").unwrap();
        assert!(alt.speed_master_every_round && !alt.legal_high_needs_life && alt.phantom_every_round);
        assert_eq!(
            DriftRules {
                speed_master_every_round: true,
                legal_high_needs_life: false,
                phantom_every_round: true,
                ..DriftRules::default()
            },
            alt
        );
        assert!(DriftRules::preset("nope").unwrap_err().to_string().contains("no_jokers"));
    }

    #[test]
    fn bad_presets_name_the_problem() {
        let e = DriftRules::from_toml("decks = 3").unwrap_err().to_string();
        assert!(e.contains("decks") && e.contains("1 or 2"), "{e}");
        let e = DriftRules::from_toml("jokers = 1\njokerz = 2").unwrap_err().to_string();
        assert!(e.contains("line 2") && e.contains("jokerz"), "{e}");
        let e = DriftRules::from_toml("jokers = -1").unwrap_err().to_string();
        assert!(e.contains("line 1"), "{e}");
    }

    #[test]
    fn exact_probability_by_counting() {
        // 52 + 2: ordered pairs (target, card) with card >= target: 78 * 16 + 13 * 12 = 1404,
        // plus joker target with numbered card: 2 * 52 = 104; out of 54 * 53.
        let p = exact_chaser_score_probability(&DriftRules::default());
        assert!((p - 1508.0 / 2862.0).abs() < 1e-15);
        // Brute force over a materialised deck, two decks and four jokers.
        let rules = DriftRules { decks: 2, jokers: 4, ..DriftRules::default() };
        let mut deck = [Card::JOKER; MAX_DECK];
        let n = rules.fill_deck(&mut deck);
        let mut hits = 0u32;
        for i in 0..n {
            for j in (0..n).filter(|&j| j != i) {
                let (t, c) = (deck[i], deck[j]);
                hits += u32::from(!c.is_joker() && (t.is_joker() || c.rank() >= t.rank()));
            }
        }
        let brute = f64::from(hits) / (n * (n - 1)) as f64;
        assert!((exact_chaser_score_probability(&rules) - brute).abs() < 1e-12);
    }
}
