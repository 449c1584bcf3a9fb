//! Drift battle players: [`Plain`], [`Random`], [`Heuristic`], chosen by a strategy file
//! ([`StrategyConfig`]; the shipped ones are `presets/strategy_*.toml`).

use super::DriftError;
use super::card::{Card, Suit};
use super::game::DriftGame;
use super::hand::NumberCounts;
use super::style::{EFFECTS, Style};
use super::view::{Ask, DriftAction, DriftView, Role};
use crate::config::{Presets, strategy_from_toml};
use crate::{GameRng, Strategy, StrategyChoice, WithStrategy};
use rand::RngExt;
use serde::Deserialize;

/// Never exchanges, never declares: plays every drawn card, so outcomes follow the deck's
/// exact probabilities.
#[derive(Clone, Copy, Debug, Default)]
pub struct Plain;

impl Strategy<DriftGame> for Plain {
    #[inline]
    fn choose(&mut self, _: &DriftView<'_>, legal: &[DriftAction], _: &mut GameRng) -> DriftAction {
        if legal.contains(&DriftAction::PlayDrawn) { DriftAction::PlayDrawn } else { DriftAction::No }
    }
}

/// Any legal action, uniformly.
#[derive(Clone, Copy, Debug, Default)]
pub struct Random;

impl Strategy<DriftGame> for Random {
    #[inline]
    fn choose(&mut self, _: &DriftView<'_>, legal: &[DriftAction], rng: &mut GameRng) -> DriftAction {
        legal[rng.random_range(0..legal.len())]
    }
}

/// A sensible player. Leader: the highest target (just above an Indra card when one is
/// shown); against Madness, whose exchange takes a random hand card, it exchanges only when
/// its hand's mean beats the drawn card. Chaser: the lowest card that scores, else dumps its
/// worst card (a same-colour one with DriftMeister, a diamond with DiamondCutter). Declares
/// Illusion or Harlequin every round (Harlequin when a life is down), Legal High with life
/// to spare (a leader with more; always when leading with its life below 0, where the rules
/// let it pay), Indra only with a card the leader cannot beat (a K against a leader without
/// modifiers), Supernova when its expected value is positive ([`Heuristic::supernova_gain`]),
/// uses Gungnir at once as leader and as chaser when no hand card reaches the target,
/// reveals its worst card, SpeedMaster-tosses low cards, and trades a Phantom point only to
/// stay in the chase with a good hand. Its thresholds are a [`HeuristicConfig`] (a strategy
/// file); the keys that order cards are named constants in this module's source.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Heuristic {
    /// Its thresholds.
    pub config: HeuristicConfig,
}

impl Heuristic {
    /// The shipped heuristic (`presets/strategy_heuristic.toml`).
    pub fn shipped() -> Self {
        match StrategyConfig::preset("heuristic") {
            Ok(StrategyConfig::Heuristic(config)) => Heuristic { config },
            other => unreachable!("the shipped heuristic preset: {other:?}"),
        }
    }
}

/// The thresholds of the [`Heuristic`]'s declarations (the shipped values and
/// what each does are in `presets/strategy_heuristic.toml`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct HeuristicConfig {
    /// Legal High: the life a leader keeps to declare it (it pays from its own chase).
    pub legal_high_leader_life: i16,
    /// Legal High: the life a chaser keeps to declare it.
    pub legal_high_chaser_life: i16,
    /// Supernova: the points one life is worth in its expected value (what a chaser
    /// scores before it loses the next life).
    pub life_value: i16,
    /// Speed Master: cards worth less than this are tossed.
    pub speed_master_toss: i16,
    /// Phantom: a point is traded (to stay in the chase) holding a card worth at least this.
    pub phantom_card: i16,
}

/// The heuristic's weights and thresholds, by name.
mod weights {
    /// The number a joker counts as in comparisons: below every card.
    pub(super) const JOKER: i16 = -100;
    /// The target a chaser assumes before one is set (none is): above every card.
    pub(super) const NO_TARGET: i16 = 99;
    /// A joker target as a number: any numbered card beats it.
    pub(super) const JOKER_TARGET: i32 = -50;
    /// Leader against an Indra card: a card beating it keys `ABOVE_INDRA - value` (the
    /// lowest that beats it first), any other keys its value.
    pub(super) const ABOVE_INDRA: i32 = 1000;
    /// Chaser's key by rank: `LOWEST - rank` (the lowest first) …
    pub(super) const LOWEST: i32 = 16;
    /// … plus `SCORES` for a card reaching the target (above every other card) …
    pub(super) const SCORES: i32 = 48;
    /// … and a joker keys `JOKER_DUMP`: dumped before any numbered card that fails.
    pub(super) const JOKER_DUMP: i32 = 32;
    /// With DriftMeister or DiamondCutter, a scoring card keys `STYLED_SCORES -
    /// STYLED_STEP × value + STYLED_DIAMOND × diamond` (the lowest first, a diamond among
    /// equals) …
    pub(super) const STYLED_SCORES: i32 = 100_000;
    /// … a failing card `MEISTER_SAVE` if it saves the life by colour …
    pub(super) const MEISTER_SAVE: i32 = 10_000;
    /// … plus `DIAMOND_DUMP` for a diamond (DiamondCutter's point), minus its value.
    pub(super) const DIAMOND_DUMP: i32 = 200;
    /// The key step per card value of a scoring card in [`STYLED_SCORES`].
    pub(super) const STYLED_STEP: i32 = 10;
    /// A diamond's tie-break among scoring cards of one value in [`STYLED_SCORES`].
    pub(super) const STYLED_DIAMOND: i32 = 5;
    /// The highest card number (K), before modifiers: an Indra card the leader cannot beat
    /// reaches this plus the leader's modifiers.
    pub(super) const TOP_NUMBER: i16 = 13;
}

use weights::*;

/// Number of a card for comparisons: jokers below everything.
fn num(view: &DriftView<'_>, card: Card) -> i16 {
    view.value(card).unwrap_or(JOKER)
}

/// A chaser's chance of scoring this round, by a model: the target is the highest of the
/// leading side's candidate cards ([`DriftView::target_candidates`]: hands it cannot see
/// and draws), each a uniform card of a full deck plus the leader's modifiers (a joker
/// void); the chaser plays the better of its best card and its draw.
fn score_chance(view: &DriftView<'_>) -> f64 {
    let (decks, jokers) = view.deck();
    let per_number = 4.0 * f64::from(decks);
    let (jokers, total) = (f64::from(jokers), 13.0 * per_number + f64::from(jokers));
    let (candidates, lead_bonus) = view.target_candidates();
    // The chance that every candidate is at most `value` (a joker chaser card reaches none).
    let reached = |value: i16| {
        if value == JOKER {
            return 0.0;
        }
        let below = jokers + per_number * f64::from((value - lead_bonus).clamp(0, TOP_NUMBER));
        (below / total).powi(candidates as i32)
    };
    let best = best_in_hand(view);
    let drawn: f64 = (1..=TOP_NUMBER).map(|n| per_number * reached(best.max(n + view.bonus()))).sum();
    (jokers * reached(best) + drawn) / total
}

fn best_in_hand(view: &DriftView<'_>) -> i16 {
    let hand = view.hand();
    let revealed = view.revealed_value().unwrap_or(JOKER);
    (0..hand.len()).filter(|&i| Some(i) != view.revealed()).map(|i| num(view, hand[i])).fold(revealed, i16::max)
}

/// The candidate (drawn card, or a playable hand card) with the highest key; ties keep
/// the drawn card (the hand stays as it is), then the lowest index.
#[inline(always)]
fn best_by(view: &DriftView<'_>, key: impl Fn(Card) -> i32) -> DriftAction {
    // One maximum over `key × 64 + tie-break`: the drawn card breaks ties with 63, hand
    // card `i` with `62 - i` (the low six bits survive negative keys). No branch on the
    // cards, which are random: such branches would be mispredicted.
    let hand = view.hand();
    let mut best = key(view.drawn().unwrap_or(Card::JOKER)) * 64 + 63;
    match view.revealed() {
        None => {
            for (i, &c) in hand.iter().enumerate() {
                best = best.max(key(c) * 64 + 62 - i as i32);
            }
        }
        Some(revealed) => {
            for (i, &c) in hand.iter().enumerate() {
                best = best.max(if i == revealed { i32::MIN } else { key(c) * 64 + 62 - i as i32 });
            }
        }
    }
    match 63 - (best & 63) {
        0 => DriftAction::PlayDrawn,
        at => DriftAction::Hand(at as u8 - 1),
    }
}

/// [`best_by`] for keys that depend on the rank alone and differ between ranks, from
/// the numbers held: `best` names the best rank among the counts it is given (0 for a
/// joker; they are never empty), `key` orders ranks as `best` does. The drawn card's
/// number is counted with the hand's: it is played when its rank is the best.
#[inline(always)]
fn best_rank(view: &DriftView<'_>, best: impl Fn(NumberCounts) -> u8, key: impl Fn(u8) -> i32) -> DriftAction {
    let hand = view.hand();
    if hand.is_empty() || view.revealed().is_some() {
        return best_by(view, |c| key(c.number()));
    }
    let drawn = view.drawn().unwrap_or(Card::JOKER);
    let rank = best(view.numbers().with(drawn));
    if drawn.number() == rank {
        return DriftAction::PlayDrawn;
    }
    DriftAction::Hand(view.first_of(rank) as u8)
}

impl Heuristic {
    #[inline(always)]
    fn pick(view: &DriftView<'_>) -> DriftAction {
        if view.role() == Role::Leader {
            if view.opponent_styles().contains(Style::Madness) {
                return Heuristic::pick_against_madness(*view);
            }
            // Highest target; against a face-up Indra card, the lowest that beats it.
            return match view.chaser_face_up().and_then(|(_, v)| v) {
                Some(b) => best_by(view, |c| {
                    let v = i32::from(num(view, c));
                    if v > i32::from(b) { ABOVE_INDRA - v } else { v }
                }),
                // The modifiers add the same to every numbered card: the rank orders them.
                None => best_rank(view, NumberCounts::highest, i32::from),
            };
        }
        let (target_card, target) = view.target().unwrap_or((Card::JOKER, Some(NO_TARGET)));
        let t = target.map_or(JOKER_TARGET, i32::from);
        let meister = view.has(Style::DriftMeister);
        let cutter = view.has(Style::DiamondCutter);
        if !meister && !cutter {
            // The lowest card that scores, else a joker, else the lowest card; by rank (the
            // modifiers add the same to every numbered card).
            let least = t - i32::from(view.bonus());
            let best = |held: NumberCounts| match held.lowest_from(least.clamp(1, 14) as u32) {
                Some(rank) => rank,
                None if held.has_joker() => 0,
                None => held.lowest_from(1).unwrap_or(0),
            };
            return best_rank(view, best, |r| {
                let r = i32::from(r);
                if r == 0 { JOKER_DUMP } else { LOWEST - r + SCORES * i32::from(r >= least) }
            });
        }
        Heuristic::pick_styled(*view, target_card, t, meister, cutter)
    }

    /// The leader's pick against Madness: an exchange takes a random playable hand card, so
    /// it exchanges only when the mean of those beats the drawn card (a joker counts 0; with
    /// an Indra card shown, a card counts 1 when it beats that card, else 0).
    #[inline(never)]
    fn pick_against_madness(view: DriftView<'_>) -> DriftAction {
        let view = &view;
        let face_up = view.chaser_face_up().and_then(|(_, v)| v);
        let worth = |c: Card| {
            let v = view.value(c).unwrap_or(0);
            match face_up {
                Some(b) => i32::from(v > b),
                None => i32::from(v),
            }
        };
        let hand = view.hand();
        let (mut sum, mut n, mut first) = (0, 0, None);
        for (i, &c) in hand.iter().enumerate().filter(|&(i, _)| Some(i) != view.revealed()) {
            sum += worth(c);
            n += 1;
            first.get_or_insert(i);
        }
        let drawn = worth(view.drawn().unwrap_or(Card::JOKER));
        match first {
            Some(i) if sum > drawn * n => DriftAction::Hand(i as u8),
            _ => DriftAction::PlayDrawn,
        }
    }

    /// A chaser's pick with DriftMeister or DiamondCutter: also weighs colours and diamonds.
    /// The view is passed by value, so that a caller copies it to memory only for this call.
    #[inline(never)]
    fn pick_styled(view: DriftView<'_>, target_card: Card, t: i32, meister: bool, cutter: bool) -> DriftAction {
        let view = &view;
        best_by(view, |c| {
            let v = i32::from(num(view, c));
            let diamond = i32::from(cutter && c.suit() == Some(Suit::Diamonds));
            if v >= t && v > 0 {
                STYLED_SCORES - STYLED_STEP * v + STYLED_DIAMOND * diamond
            } else {
                let saved = i32::from(meister && c.same_colour(target_card));
                MEISTER_SAVE * saved + DIAMOND_DUMP * diamond - v
            }
        })
    }
}

impl Strategy<DriftGame> for Heuristic {
    #[inline(always)]
    fn choose(&mut self, view: &DriftView<'_>, legal: &[DriftAction], _: &mut GameRng) -> DriftAction {
        match view.ask() {
            Ask::Pick | Ask::BonusPick => Heuristic::pick(view),
            ask => self.declare(view, ask, legal),
        }
    }
}

impl Heuristic {
    /// The expected gain of declaring Supernova now, in points: with chance `p`
    /// ([`score_chance`]) the round is worth 3 instead of what it is worth anyway (1, or
    /// Barbaroi's and Jet Stream's more), and with chance `1 - p` it costs the lives beyond
    /// the one a failed round costs anyway that the chase still has (none at life 0, where
    /// any failure ends it), each worth [`HeuristicConfig::life_value`] points.
    pub fn supernova_gain(&self, view: &DriftView<'_>) -> f64 {
        let e = &EFFECTS;
        let streak = view.streak();
        let mut worth = 1;
        if view.has(Style::Barbaroi) && streak > 0 {
            worth = e.barbaroi_points;
        }
        if view.has(Style::JetStream) && streak > 0 {
            worth = worth.max(i32::from(streak + 1).min(e.jet_stream_max));
        }
        let extra_lives = view.life().0.clamp(0, e.supernova_lives - 1);
        let p = score_chance(view);
        p * f64::from((e.supernova_points - worth).max(0))
            - (1.0 - p) * f64::from(extra_lives) * f64::from(self.config.life_value)
    }

    /// Every question but a pick.
    #[inline]
    fn declare(&self, view: &DriftView<'_>, ask: Ask, legal: &[DriftAction]) -> DriftAction {
        use DriftAction::{No, Yes};
        let c = &self.config;
        let (life, _) = view.life();
        let hand_choice = |want: &dyn Fn(i16, i16) -> bool| {
            let mut pick = No;
            let mut pick_v = 0;
            for &a in legal {
                if let DriftAction::Hand(i) = a {
                    let v = if Some(i as usize) == view.revealed() {
                        view.revealed_value().unwrap_or(JOKER)
                    } else {
                        num(view, view.hand()[i as usize])
                    };
                    if pick == No || want(v, pick_v) {
                        pick = a;
                        pick_v = v;
                    }
                }
            }
            (pick, pick_v)
        };
        match ask {
            Ask::Pick | Ask::BonusPick => Heuristic::pick(view),
            Ask::Reveal => hand_choice(&|v, best| v < best).0,
            Ask::SpeedMaster => match hand_choice(&|v, best| v < best) {
                (a, v) if v < c.speed_master_toss => a,
                _ => No,
            },
            // Only a card the leader cannot beat: its best target is a K plus its modifiers.
            Ask::Indra => match hand_choice(&|v, best| v > best) {
                (a, v) if v >= TOP_NUMBER + view.target_candidates().1 => a,
                _ => No,
            },
            // Leading second (its own chase over, life below 0): the payment is free.
            Ask::LegalHigh if view.role() == Role::Leader && life < 0 => Yes,
            Ask::LegalHigh => {
                // A leader pays from the life of its own chase: only when rich.
                let spare =
                    if view.role() == Role::Leader { c.legal_high_leader_life } else { c.legal_high_chaser_life };
                if life >= spare { Yes } else { No }
            }
            Ask::Supernova => {
                if self.supernova_gain(view) > 0.0 {
                    Yes
                } else {
                    No
                }
            }
            Ask::Gungnir => {
                if view.role() == Role::Leader {
                    return Yes;
                }
                let target = view.target().and_then(|(_, t)| t).unwrap_or(0);
                let hand = view.hand();
                let covered = (0..hand.len())
                    .filter(|&i| Some(i) != view.revealed())
                    .any(|i| view.value(hand[i]).is_some_and(|v| v >= target));
                if covered { No } else { Yes }
            }
            // One of the two per round: healing first when a life is down.
            Ask::Illusion if view.has(Style::Harlequin) && life < view.life().1 => No,
            Ask::Illusion | Ask::Harlequin => Yes,
            Ask::Phantom => {
                if life < 0 && best_in_hand(view) >= c.phantom_card {
                    Yes
                } else {
                    No
                }
            }
        }
    }
}

/// A drift player's settings, as a strategy file: `strategy = "plain"`,
/// `"random"`, or `"heuristic"` with any of the [`HeuristicConfig`] fields
/// (the others take the shipped heuristic's values).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Deserialize)]
#[serde(tag = "strategy", rename_all = "snake_case")]
pub enum StrategyConfig {
    /// [`Plain`].
    Plain,
    /// [`Random`].
    Random,
    /// [`Heuristic`] with these thresholds.
    Heuristic(HeuristicConfig),
}

/// The shipped heuristic, the base of every heuristic strategy file.
const SHIPPED_HEURISTIC: &str = include_str!("presets/strategy_heuristic.toml");

impl StrategyConfig {
    /// The shipped strategy files.
    pub const PRESETS: Presets = Presets {
        kind: "drift strategy",
        list: &[
            ("plain", include_str!("presets/strategy_plain.toml")),
            ("random", include_str!("presets/strategy_random.toml")),
            ("heuristic", SHIPPED_HEURISTIC),
            ("heuristic-2026", include_str!("presets/strategy_heuristic_2026.toml")),
        ],
    };

    /// A shipped strategy by name (see [`StrategyConfig::PRESETS`]).
    pub fn preset(name: &str) -> Result<Self, DriftError> {
        Self::from_toml(
            Self::PRESETS.text(name).ok_or_else(|| DriftError::UnknownStrategy(Self::PRESETS.unknown(name)))?,
        )
    }

    /// Reads a strategy file (errors name line and column).
    pub fn from_toml(text: &str) -> Result<Self, DriftError> {
        strategy_from_toml(text, "heuristic", SHIPPED_HEURISTIC)
            .map_err(|e| DriftError::Toml { message: e.to_string() })
    }
}

impl StrategyChoice<DriftGame> for StrategyConfig {
    fn dispatch<W: WithStrategy<DriftGame>>(self, body: W) -> W::Output {
        match self {
            StrategyConfig::Plain => body.with(Plain),
            StrategyConfig::Random => body.with(Random),
            StrategyConfig::Heuristic(config) => body.with(Heuristic { config }),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn strategy_files_load_and_errors_name_the_problem() {
        let shipped = Heuristic::shipped().config;
        assert_eq!((shipped.life_value, shipped.phantom_card), (3, 0));
        let old = StrategyConfig::preset("heuristic-2026").unwrap();
        assert_eq!(old, StrategyConfig::Heuristic(HeuristicConfig { phantom_card: 11, ..shipped }));
        assert_eq!(StrategyConfig::preset("plain").unwrap(), StrategyConfig::Plain);
        let tuned = StrategyConfig::from_toml("strategy = \"heuristic\"\nlife_value = 9\n").unwrap();
        assert_eq!(tuned, StrategyConfig::Heuristic(HeuristicConfig { life_value: 9, ..shipped }));
        let e = StrategyConfig::from_toml("strategy = \"heuristic\"\nindra = 9\n").unwrap_err().to_string();
        assert!(e.contains("indra") && !e.contains('\n'), "{e}");
        let e = StrategyConfig::preset("greedy").unwrap_err().to_string();
        assert_eq!(e, "unknown drift strategy `greedy` (built-in: plain, random, heuristic, heuristic-2026)");
    }
}
