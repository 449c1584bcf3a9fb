//! Drift battle players: [`Plain`], [`Random`], [`Heuristic`], chosen by [`StrategyKind`].

use super::DriftError;
use super::card::{Card, Suit};
use super::game::DriftGame;
use super::style::Style;
use super::view::{Ask, DriftAction, DriftView, Role};
use crate::{GameRng, Strategy, StrategyChoice, WithStrategy};
use rand::RngExt;
use std::fmt;
use std::str::FromStr;

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
/// shown). Chaser: the lowest card that scores, else dumps its worst card (a same-colour
/// one with DriftMeister, a diamond with DiamondCutter). Declares Illusion or Harlequin every round (Harlequin when a life is down),
/// Legal High with life to spare (a leader only with 5), Supernova and Indra holding a card worth 12–13+, uses
/// Gungnir at once as leader and as chaser when no hand card reaches the target, reveals
/// its worst card, SpeedMaster-tosses cards under 7, and trades a Phantom point only to
/// stay in the chase with a good hand.
#[derive(Clone, Copy, Debug, Default)]
pub struct Heuristic;

/// Number of a card for comparisons: jokers below everything.
fn num(view: &DriftView<'_>, card: Card) -> i16 {
    view.value(card).unwrap_or(-100)
}

fn best_in_hand(view: &DriftView<'_>) -> i16 {
    let hand = view.hand();
    let revealed = view.revealed_value().unwrap_or(-100);
    (0..hand.len()).filter(|&i| Some(i) != view.revealed()).map(|i| num(view, hand[i])).fold(revealed, i16::max)
}

/// The candidate (drawn card, or a playable hand card) with the highest key; ties keep
/// the drawn card (the hand stays as it is), then the lowest index.
#[inline]
fn best_by(view: &DriftView<'_>, key: impl Fn(Card) -> i32) -> DriftAction {
    let revealed = view.revealed().unwrap_or(usize::MAX);
    let hand = view.hand();
    let mut best_key = key(view.drawn().unwrap_or(Card::JOKER));
    let mut best = 0;
    let mut i = 0;
    while i < hand.len() {
        // Selects rather than branches on the cards: they are random, such branches would
        // be mispredicted.
        let k = if i == revealed { i32::MIN } else { key(hand[i]) };
        let better = k > best_key;
        best_key = if better { k } else { best_key };
        best = if better { i + 1 } else { best };
        i += 1;
    }
    match best {
        0 => DriftAction::PlayDrawn,
        at => DriftAction::Hand(at as u8 - 1),
    }
}

impl Heuristic {
    fn pick(view: &DriftView<'_>) -> DriftAction {
        if view.role() == Role::Leader {
            // Highest target; against a face-up Indra card, the lowest that beats it.
            return match view.chaser_face_up().and_then(|(_, v)| v) {
                Some(b) => best_by(view, |c| {
                    let v = i32::from(num(view, c));
                    if v > i32::from(b) { 1000 - v } else { v }
                }),
                // The modifiers add the same to every numbered card: the rank orders them.
                None => best_by(view, |c| i32::from(c.number())),
            };
        }
        let (target_card, target) = view.target().unwrap_or((Card::JOKER, Some(99)));
        let t = i32::from(target.unwrap_or(-50));
        let meister = view.has(Style::DriftMeister);
        let cutter = view.has(Style::DiamondCutter);
        if !meister && !cutter {
            // The lowest card that scores, else a joker, else the lowest card; by rank (the
            // modifiers add the same to every numbered card).
            let least = t - i32::from(view.bonus());
            return best_by(view, |c| {
                let r = i32::from(c.number());
                let scoring = 48 * i32::from(r >= least);
                if r == 0 { 32 } else { 16 - r + scoring }
            });
        }
        Heuristic::pick_styled(view, target_card, t, meister, cutter)
    }

    /// A chaser's pick with DriftMeister or DiamondCutter: also weighs colours and diamonds.
    #[inline(never)]
    fn pick_styled(view: &DriftView<'_>, target_card: Card, t: i32, meister: bool, cutter: bool) -> DriftAction {
        best_by(view, |c| {
            let v = i32::from(num(view, c));
            let diamond = i32::from(cutter && c.suit() == Some(Suit::Diamonds));
            if v >= t && v > 0 {
                100_000 - 10 * v + 5 * diamond
            } else {
                let saved = i32::from(meister && c.same_colour(target_card));
                10_000 * saved + 200 * diamond - v
            }
        })
    }
}

impl Strategy<DriftGame> for Heuristic {
    #[inline]
    fn choose(&mut self, view: &DriftView<'_>, legal: &[DriftAction], _: &mut GameRng) -> DriftAction {
        match view.ask() {
            Ask::Pick | Ask::BonusPick => Heuristic::pick(view),
            ask => Heuristic::declare(view, ask, legal),
        }
    }
}

impl Heuristic {
    /// Every question but a pick (kept out of the pick's hot path).
    #[inline(never)]
    fn declare(view: &DriftView<'_>, ask: Ask, legal: &[DriftAction]) -> DriftAction {
        use DriftAction::{No, Yes};
        let (life, _) = view.life();
        let hand_choice = |want: &dyn Fn(i16, i16) -> bool| {
            let mut pick = No;
            let mut pick_v = 0;
            for &a in legal {
                if let DriftAction::Hand(i) = a {
                    let v = if Some(i as usize) == view.revealed() {
                        view.revealed_value().unwrap_or(-100)
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
                (a, v) if v < 7 => a,
                _ => No,
            },
            Ask::Indra => match hand_choice(&|v, best| v > best) {
                (a, v) if v >= 12 => a,
                _ => No,
            },
            Ask::LegalHigh => {
                // A leader pays from the life of its own chase: only when rich.
                let spare = if view.role() == Role::Leader { 5 } else { 2 };
                if life >= spare { Yes } else { No }
            }
            Ask::Supernova => {
                if life >= 2 && best_in_hand(view) >= 13 {
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
                if life < 0 && best_in_hand(view) >= 11 {
                    Yes
                } else {
                    No
                }
            }
        }
    }
}

/// The strategies by name, for command lines and configuration.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum StrategyKind {
    /// [`Plain`]: `"plain"`.
    Plain,
    /// [`Random`]: `"random"`.
    Random,
    /// [`Heuristic`]: `"heuristic"`.
    Heuristic,
}

impl StrategyKind {
    /// All kinds.
    pub const ALL: [StrategyKind; 3] = [StrategyKind::Plain, StrategyKind::Random, StrategyKind::Heuristic];

    /// The name (`"plain"`, `"random"`, `"heuristic"`).
    pub const fn name(self) -> &'static str {
        match self {
            StrategyKind::Plain => "plain",
            StrategyKind::Random => "random",
            StrategyKind::Heuristic => "heuristic",
        }
    }
}

impl StrategyChoice<DriftGame> for StrategyKind {
    fn dispatch<W: WithStrategy<DriftGame>>(self, body: W) -> W::Output {
        match self {
            StrategyKind::Plain => body.with(Plain),
            StrategyKind::Random => body.with(Random),
            StrategyKind::Heuristic => body.with(Heuristic),
        }
    }
}

impl fmt::Display for StrategyKind {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

impl FromStr for StrategyKind {
    type Err = DriftError;

    fn from_str(s: &str) -> Result<StrategyKind, DriftError> {
        StrategyKind::ALL
            .into_iter()
            .find(|k| k.name().eq_ignore_ascii_case(s.trim()))
            .ok_or_else(|| DriftError::UnknownStrategy(s.to_string()))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn kinds_parse() {
        for k in StrategyKind::ALL {
            assert_eq!(k.name().parse::<StrategyKind>().unwrap(), k);
        }
        assert_eq!("Heuristic".parse::<StrategyKind>().unwrap(), StrategyKind::Heuristic);
        let e = "greedy".parse::<StrategyKind>().unwrap_err().to_string();
        assert!(e.contains("greedy") && e.contains("plain, random, heuristic"), "{e}");
    }
}
