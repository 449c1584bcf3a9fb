//! Players: [`Random`] (uniform over the legal actions) and [`Heuristic`]
//! (a greedy scorer), chosen by name with [`StrategyKind`] and handed to
//! generic code by its [`StrategyChoice`] impl. Both see only the [`MedarotView`].

use super::cards::{AttackType, Card, CardKind, Dir, Timing};
use super::game::{Action, MedarotGame, Source};
use super::view::{Decision, MedarotView, UnitView};
use crate::{GameRng, Strategy, StrategyChoice, WithStrategy};
use rand::RngExt;
use std::fmt;
use std::str::FromStr;

/// Uniform choice among the legal actions.
#[derive(Clone, Copy, Debug, Default)]
pub struct Random;

impl<'p> Strategy<MedarotGame<'p>> for Random {
    fn choose(&mut self, _view: &MedarotView<'_>, legal: &[Action], rng: &mut GameRng) -> Action {
        legal[rng.random_range(0..legal.len())]
    }
}

/// A greedy player: attacks what it can destroy, moves to get such targets,
/// always moves rather than pay the penalty, retreats to the neutral zone for
/// HP when behind, uses medarotters when they turn an attack or a defence,
/// spends medaforce only on costly medarotters (keeping HP for cheap ones)
/// unless its HP is low, and discards its least useful cards.
#[derive(Clone, Copy, Debug, Default)]
pub struct Heuristic;

impl<'p> Strategy<MedarotGame<'p>> for Heuristic {
    fn choose(&mut self, view: &MedarotView<'_>, legal: &[Action], _rng: &mut GameRng) -> Action {
        if legal.len() == 1 {
            return legal[0];
        }
        let ctx = Ctx::new(view);
        let mut best = (i32::MIN, legal[0]);
        for &a in legal {
            let score = score(&ctx, a);
            if score > best.0 {
                best = (score, a);
            }
        }
        best.1
    }
}

/// HP at or below which the heuristic plays safe.
const LOW_HP: i16 = 6;

/// What every action's score needs, computed once per decision.
struct Ctx<'v, 'a> {
    v: &'v MedarotView<'a>,
    /// The own medarot whose turn it is.
    acting: Option<UnitView>,
    /// No medarot in hand.
    no_medarot: bool,
}

impl<'v, 'a> Ctx<'v, 'a> {
    fn new(v: &'v MedarotView<'a>) -> Self {
        let pool = v.pool();
        let no_medarot = !v.hand().iter().any(|&c| pool.card(c).kind == CardKind::Medarot);
        Self { v, acting: v.acting(), no_medarot }
    }
}

fn score(ctx: &Ctx<'_, '_>, a: Action) -> i32 {
    let v = ctx.v;
    let hp = v.hp(v.seat());
    let pool = v.pool();
    let hand = |i: u8| pool.card(v.hand()[i as usize]);
    match (v.decision(), a) {
        (_, Action::Master(i)) => hand(i).hp as i32 * 10 + (hand(i).timing != Timing::Trigger) as i32 * 5,
        (Decision::Stock, Action::Done) => 0,
        (Decision::Activation, Action::Done) => {
            let (moved, _) = v.acting_progress();
            if moved { 0 } else { -15 }
        }
        (_, Action::Stock { slot, .. }) => {
            if v.stock()[slot as usize].is_none() {
                8
            } else {
                -1
            }
        }
        (_, Action::Place { hand: i, cell }) => {
            let c = hand(i);
            (c.armour + c.power / 2) as i32 + (cell % 3 == 1) as i32
        }
        (_, Action::ExtraDraw(n)) => draw_score(ctx, n) - if hp <= LOW_HP { 10 } else { 2 },
        (Decision::ExtraDraw, Action::Done) => 0,
        (_, Action::Discard(i)) => -keep_value(v, hand(i)),
        (_, Action::Draw(n)) => draw_score(ctx, n),
        (_, Action::Pick(slot)) => -(slot as i32),
        (_, Action::Attack { cell, long }) => attack_score(ctx, cell) - long as i32 * 5,
        (_, Action::Special(_)) => 45,
        (_, Action::Medachange(i)) => {
            let current = ctx.acting.and_then(|u| u.card).map_or(0, |c| pool.card(c).power);
            if hand(i).power > current { 40 } else { 10 }
        }
        (_, Action::Release) => -5,
        (_, Action::Swap { .. }) => -10,
        (_, Action::Move(dir)) => move_score(ctx, dir),
        (Decision::AttackWindow | Decision::DefenceWindow, Action::Done) => 0,
        (_, Action::Use { src, force, .. }) => use_score(v, src, force),
        (_, Action::Done) => 0,
    }
}

/// Draws are a clock (an empty deck loses at the next start phase): draw
/// when a medarot is owed and none is in hand, or the hand is short, and keep
/// some cards in the deck.
fn draw_score(ctx: &Ctx<'_, '_>, n: u8) -> i32 {
    let v = ctx.v;
    let me = v.seat();
    let n = n as i32;
    let deck_left = v.deck_len(me) as i32 - n;
    let want = if v.owed() > 0 && ctx.no_medarot { 3 } else { (4 - v.hand_len(me) as i32).max(0) };
    let keep = 4 + 2 * v.turn().min(6) as i32;
    if n > 0 && deck_left < keep.min(8) { -50 } else { 10 - 4 * (want - n).abs() }
}

/// How much the heuristic wants to keep a card in hand.
fn keep_value(v: &MedarotView<'_>, c: &Card) -> i32 {
    match c.kind {
        CardKind::Medarot => (c.power + c.armour) as i32 / 2 + if v.owed() > 0 { 100 } else { 0 },
        CardKind::Medachange => {
            let base_on_field = v.units(v.seat()).any(|u| u.card.is_some_and(|id| v.pool().card(id).name == c.name));
            if base_on_field { 30 } else { 5 }
        }
        CardKind::Medarotter => 20 + c.cost as i32 * 5,
    }
}

fn attack_score(ctx: &Ctx<'_, '_>, cell: u8) -> i32 {
    let v = ctx.v;
    let (Some(me), Some(target)) = (ctx.acting, v.unit_at(cell)) else {
        return 0;
    };
    let power = v.power(&me).unwrap_or(0);
    match v.armour(&target) {
        Some(armour) if power >= armour => 100 + target.card.map_or(0, |c| v.pool().card(c).cost as i32),
        Some(_) if v.hand_len(target.owner) <= (power / 10) as usize => 90,
        Some(_) => 30 + (power / 10) as i32 * 5,
        None => 50,
    }
}

fn move_score(ctx: &Ctx<'_, '_>, dir: Dir) -> i32 {
    let v = ctx.v;
    let me = v.seat();
    let Some(unit) = ctx.acting else { return 0 };
    let Some(to) = v.step_from(unit.cell, dir) else {
        return 0;
    };
    let (_, acted) = v.acting_progress();
    let mut score = 15;
    if v.row(to) == 1 {
        score += if v.hp(me) < v.hp(1 - me) { 30 } else { 5 };
    }
    if !acted {
        let attack = unit.card.map_or(AttackType::Shoot, |c| v.pool().card(c).attack);
        let power = v.power(&unit).unwrap_or(0);
        let now = v.targets_from(attack, unit.cell).count();
        for (cell, _) in v.targets_from(attack, to) {
            let Some(t) = v.unit_at(cell) else { continue };
            let kill = v.armour(&t).is_some_and(|armour| power >= armour);
            score = score.max(if kill {
                95
            } else if now == 0 {
                60
            } else {
                score
            });
        }
    }
    score
}

fn use_score(v: &MedarotView<'_>, src: Source, force: u8) -> i32 {
    let me = v.seat();
    let hp = v.hp(me);
    let card = match src {
        Source::Stock(i) => v.stock()[i as usize].map(|x| x.card),
        Source::Hand(i) => Some(v.hand()[i as usize]),
        Source::Master => v.master(),
    };
    let Some(c) = card.map(|id| v.pool().card(id)) else {
        return -100;
    };
    // Medaforce is kept for costly medarotters unless HP runs low.
    let pay = if c.cost >= 2 || hp <= LOW_HP { force as i32 * 2 } else { -(force as i32) * 2 };
    let e = c.effects;
    let mut value = -5;
    if let Some(atk) = v.attack() {
        match (c.timing, atk.armour) {
            (Timing::Action, Some(armour)) if atk.power < armour && atk.power + e.power as u16 >= armour => value = 80,
            (Timing::Defence, Some(armour))
                if atk.power >= armour && !atk.cancelled && (e.cancel || armour + e.armour as u16 > atk.power) =>
            {
                value = 80
            }
            _ => {}
        }
    }
    if e.heal > 0 && hp <= LOW_HP {
        value = value.max(35);
    }
    if e.draw > 0 && v.hand_len(me) <= 3 {
        value = value.max(30);
    }
    if e.disrupt > 0 && v.hand_len(1 - me) >= 2 {
        value = value.max(25);
    }
    if matches!(src, Source::Master) {
        value += 3;
    }
    value + pay
}

/// The strategies by name.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum StrategyKind {
    /// [`Random`].
    Random,
    /// [`Heuristic`].
    Heuristic,
}

impl StrategyKind {
    /// All strategies.
    pub const ALL: [StrategyKind; 2] = [StrategyKind::Random, StrategyKind::Heuristic];
}

impl FromStr for StrategyKind {
    type Err = String;
    fn from_str(s: &str) -> Result<Self, String> {
        match s {
            "random" => Ok(Self::Random),
            "heuristic" => Ok(Self::Heuristic),
            _ => Err(format!("unknown medarot strategy '{s}' (random, heuristic)")),
        }
    }
}

impl fmt::Display for StrategyKind {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Self::Random => "random",
            Self::Heuristic => "heuristic",
        })
    }
}

impl<'p> StrategyChoice<MedarotGame<'p>> for StrategyKind {
    fn dispatch<W: WithStrategy<MedarotGame<'p>>>(self, body: W) -> W::Output {
        match self {
            Self::Random => body.with(Random),
            Self::Heuristic => body.with(Heuristic),
        }
    }
}
