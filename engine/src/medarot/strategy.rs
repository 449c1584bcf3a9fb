//! Players: [`Random`] (uniform over the legal actions) and [`Heuristic`]
//! (a greedy scorer whose weights are a [`HeuristicConfig`]), chosen by a
//! strategy file ([`StrategyConfig`], presets in `presets/strategy_*.toml`)
//! and handed to generic code by its [`StrategyChoice`] impl. Both see only
//! the [`MedarotView`].

use super::MedarotError;
use super::cards::{AttackType, Card, CardKind, Dir, Timing};
use super::game::{Action, MedarotGame, Source};
use super::state::HAND_LIMIT;
use super::view::{Decision, MedarotView, UnitView};
use crate::config::{Presets, strategy_from_toml};
use crate::{GameRng, Strategy, StrategyChoice, WithStrategy};
use rand::RngExt;
use serde::Deserialize;

/// Uniform choice among the legal actions.
#[derive(Clone, Copy, Debug, Default)]
pub struct Random;

impl<'p> Strategy<MedarotGame<'p>> for Random {
    fn choose(&mut self, _view: &MedarotView<'_>, legal: &[Action], rng: &mut GameRng) -> Action {
        legal[rng.random_range(0..legal.len())]
    }
}

/// A greedy player: attacks what it can destroy, moves to get such targets,
/// draws (optional draws, draw specials, draw medarotters) only while the deck
/// keeps a reserve against a deck-out,
/// always moves rather than pay the penalty, retreats to the neutral zone for
/// HP when behind, uses medarotters when they turn an attack or a defence,
/// spends medaforce only on costly medarotters (keeping HP for cheap ones)
/// unless its HP is low, and discards its least useful cards. Every action
/// gets a score from its [`HeuristicConfig`]; the best-scored is played.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Heuristic {
    /// Its weights.
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

impl<'p> Strategy<MedarotGame<'p>> for Heuristic {
    fn choose(&mut self, view: &MedarotView<'_>, legal: &[Action], _rng: &mut GameRng) -> Action {
        if legal.len() == 1 {
            return legal[0];
        }
        let ctx = Ctx::new(view, &self.config);
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

/// What every action's score needs, computed once per decision.
struct Ctx<'v, 'a> {
    v: &'v MedarotView<'a>,
    /// The weights.
    w: &'v HeuristicConfig,
    /// The own medarot whose turn it is.
    acting: Option<UnitView>,
    /// No medarot in hand.
    no_medarot: bool,
}

impl<'v, 'a> Ctx<'v, 'a> {
    fn new(v: &'v MedarotView<'a>, w: &'v HeuristicConfig) -> Self {
        let pool = v.pool();
        let no_medarot = !v.hand().iter().any(|&c| pool.card(c).kind == CardKind::Medarot);
        Self { v, w, acting: v.acting(), no_medarot }
    }
}

fn score(ctx: &Ctx<'_, '_>, a: Action) -> i32 {
    let (v, w) = (ctx.v, ctx.w);
    let hp = v.hp(v.seat());
    let pool = v.pool();
    let hand = |i: u8| pool.card(v.hand()[i as usize]);
    match (v.decision(), a) {
        (_, Action::Master(i)) => {
            hand(i).hp as i32 * w.cards.master_per_hp
                + (hand(i).timing != Timing::Trigger) as i32 * w.cards.master_not_trigger
        }
        (Decision::Stock, Action::Done) => 0,
        (Decision::Activation, Action::Done) => {
            if v.move_penalty_due() {
                -w.moves.stay_penalty
            } else {
                0
            }
        }
        (_, Action::Stock { slot, .. }) => {
            if v.stock()[slot as usize].is_none() {
                w.cards.stock_empty
            } else {
                w.cards.stock_replace
            }
        }
        (_, Action::Place { hand: i, cell }) => {
            let c = hand(i);
            counted_armour(w, c) + counted_power(w, c) / 2 + (cell % 3 == 1) as i32 * w.cards.place_centre
        }
        (_, Action::ExtraDraw(n)) => {
            draw_score(ctx, n) - if hp <= w.low_hp { w.draw.extra_cost_low_hp } else { w.draw.extra_cost }
        }
        (Decision::ExtraDraw, Action::Done) => 0,
        (_, Action::Discard(i)) => -keep_value(ctx, hand(i)),
        (_, Action::Draw(n)) => draw_score(ctx, n),
        (_, Action::Pick(slot)) => -(slot as i32),
        (_, Action::Attack { cell, long }) => attack_score(ctx, cell) - long as i32 * w.attack.long_penalty,
        (_, Action::Special(_)) => special_score(ctx),
        (_, Action::Medachange(i)) => {
            let current = ctx.acting.and_then(|u| u.card).map_or(0, |c| pool.card(c).power);
            if hand(i).power > current { w.cards.medachange_stronger } else { w.cards.medachange }
        }
        (_, Action::Release) => w.moves.release,
        (_, Action::Swap { .. }) => w.moves.swap,
        (_, Action::Move(dir)) => move_score(ctx, dir),
        (Decision::AttackWindow | Decision::DefenceWindow, Action::Done) => 0,
        (_, Action::Use { src, force, .. }) => use_score(ctx, src, force),
        (_, Action::Done) => 0,
    }
}

/// Draws are a clock (an empty deck loses at the next start phase): draw
/// when a medarot is owed and none is in hand, or the hand is short, and keep
/// some cards in the deck.
fn draw_score(ctx: &Ctx<'_, '_>, n: u8) -> i32 {
    let (v, w) = (ctx.v, &ctx.w.draw);
    let want =
        if v.owed() > 0 && ctx.no_medarot { w.owed_want } else { (w.hand_target - v.hand_len(v.seat()) as i32).max(0) };
    if eats_kept_cards(ctx, n) { w.low_deck } else { w.base - w.per_card_off * (want - n as i32).abs() }
}

/// Whether drawing `n` cards would leave fewer in the deck than the heuristic keeps
/// (draws, draw specials and draw medarotters all ask this: no "draw 2" into a deck-out).
fn eats_kept_cards(ctx: &Ctx<'_, '_>, n: u8) -> bool {
    let (v, w) = (ctx.v, &ctx.w.draw);
    let deck_left = v.deck_len(v.seat()) as i32 - n as i32;
    let keep = w.keep_base + w.keep_per_turn * (v.turn() as i32).min(w.keep_turns);
    n > 0 && deck_left < keep.min(w.keep_max)
}

/// A medarot's special, weighed against the own deck and the table: a draw that eats into
/// the cards kept against a deck-out scores `draw.low_deck`; a special that does nothing
/// now scores `cards.special_idle`: a draw that would only take the hand past its limit
/// (the excess is discarded at the next start phase: cards burnt from the own deck) with
/// no other effect, or a disruption of an empty hand with no other effect.
fn special_score(ctx: &Ctx<'_, '_>) -> i32 {
    let (v, w) = (ctx.v, ctx.w);
    let Some(card) = ctx.acting.and_then(|u| u.card) else { return w.cards.special };
    let e = &v.pool().card(card).effects;
    if eats_kept_cards(ctx, e.draw) {
        return w.draw.low_deck;
    }
    let other = e.heal > 0 || e.shield > 0 || e.boost > 0 || e.lock;
    let draws = e.draw > 0 && v.hand_len(v.seat()) < HAND_LIMIT;
    let disrupts = e.disrupt > 0 && v.hand_len(1 - v.seat()) > 0;
    if other || draws || disrupts { w.cards.special } else { w.cards.special_idle }
}

/// The power a medarot's worth counts: its own for one that attacks; `cards.special_medarot`
/// for one whose action is a special, whose power never counts (counted as an attacker's, a
/// special with more power or armour took an attacker's square and lost games).
fn counted_power(w: &HeuristicConfig, c: &Card) -> i32 {
    if c.attack == AttackType::Special { w.cards.special_medarot } else { c.power as i32 }
}

/// The armour a medarot's worth counts: its own, but for a special medarot at most
/// `cards.special_armour_max` (counted whole, a special with more armour took an attacker's
/// square more often and lost games: the dominance test `medarot_dominance`).
fn counted_armour(w: &HeuristicConfig, c: &Card) -> i32 {
    let own = c.armour as i32;
    if c.attack == AttackType::Special { own.min(w.cards.special_armour_max) } else { own }
}

/// How much the heuristic wants to keep a card in hand.
fn keep_value(ctx: &Ctx<'_, '_>, c: &Card) -> i32 {
    let (v, w) = (ctx.v, &ctx.w.keep);
    match c.kind {
        CardKind::Medarot => {
            (counted_power(ctx.w, c) + counted_armour(ctx.w, c)) / 2 + if v.owed() > 0 { w.medarot_owed } else { 0 }
        }
        CardKind::Medachange => {
            let base_on_field = v.units(v.seat()).any(|u| u.card.is_some_and(|id| v.pool().card(id).name == c.name));
            if base_on_field { w.medachange_base_on_field } else { w.medachange }
        }
        CardKind::Medarotter => w.medarotter + c.cost as i32 * w.medarotter_per_cost,
    }
}

fn attack_score(ctx: &Ctx<'_, '_>, cell: u8) -> i32 {
    let (v, w) = (ctx.v, &ctx.w.attack);
    let (Some(me), Some(target)) = (ctx.acting, v.unit_at(cell)) else {
        return 0;
    };
    let power = v.power(&me).unwrap_or(0);
    match v.armour(&target) {
        Some(armour) if power >= armour => w.destroy + target.card.map_or(0, |c| v.pool().card(c).cost as i32),
        Some(_) if v.hand_len(target.owner) <= (power / 10) as usize => w.discard_all,
        Some(_) => w.chip + (power / 10) as i32 * w.chip_per_ten_power,
        None => w.unknown_armour,
    }
}

fn move_score(ctx: &Ctx<'_, '_>, dir: Dir) -> i32 {
    let (v, w) = (ctx.v, &ctx.w.moves);
    let me = v.seat();
    let Some(unit) = ctx.acting else { return 0 };
    let Some(to) = v.step_from(unit.cell, dir) else {
        return 0;
    };
    let (_, acted) = v.acting_progress();
    let mut score = w.base;
    if v.row(to) == 1 {
        score += if v.hp(me) < v.hp(1 - me) { w.neutral_behind } else { w.neutral_ahead };
    }
    if !acted {
        let attack = unit.card.map_or(AttackType::Shoot, |c| v.pool().card(c).attack);
        let power = v.power(&unit).unwrap_or(0);
        let now = v.targets_from(attack, unit.cell).count();
        for (cell, _) in v.targets_from(attack, to) {
            let Some(t) = v.unit_at(cell) else { continue };
            let kill = v.armour(&t).is_some_and(|armour| power >= armour);
            score = score.max(if kill {
                w.to_destroy
            } else if now == 0 {
                w.to_target
            } else {
                score
            });
        }
    }
    score
}

/// The score of a use whose card is not there (never a legal choice).
const NO_CARD: i32 = -100;

fn use_score(ctx: &Ctx<'_, '_>, src: Source, force: u8) -> i32 {
    let (v, w) = (ctx.v, &ctx.w.medarotter);
    let me = v.seat();
    let hp = v.hp(me);
    let card = match src {
        Source::Stock(i) => v.stock()[i as usize].map(|x| x.card),
        Source::Hand(i) => Some(v.hand()[i as usize]),
        Source::Master => v.master(),
    };
    let Some(c) = card.map(|id| v.pool().card(id)) else {
        return NO_CARD;
    };
    // Medaforce is kept for costly medarotters unless HP runs low.
    let spend = c.cost as i32 >= w.costly || hp <= ctx.w.low_hp;
    let pay = if spend { force as i32 * w.per_force } else { -(force as i32) * w.per_force };
    let e = c.effects;
    let mut value = w.idle;
    if let Some(atk) = v.attack() {
        match (c.timing, atk.armour) {
            (Timing::Action, Some(armour)) if atk.power < armour && atk.power + e.power as u16 >= armour => {
                value = w.turns_the_fight
            }
            (Timing::Defence, Some(armour))
                if atk.power >= armour && !atk.cancelled && (e.cancel || armour + e.armour as u16 > atk.power) =>
            {
                value = w.turns_the_fight
            }
            _ => {}
        }
    }
    if e.heal > 0 && hp <= ctx.w.low_hp {
        value = value.max(w.heal);
    }
    if eats_kept_cards(ctx, e.draw) {
        value += ctx.w.draw.low_deck;
    } else if e.draw > 0 && v.hand_len(me) as i32 <= w.draw_hand_at_most {
        value = value.max(w.draw);
    }
    if e.disrupt > 0 && v.hand_len(1 - me) as i32 >= w.disrupt_hand_at_least {
        value = value.max(w.disrupt);
    }
    if matches!(src, Source::Master) {
        value += w.master_bonus;
    }
    value + pay
}

/// A Medarot player's settings, as a strategy file: `strategy = "random"`,
/// or `strategy = "heuristic"` with the [`HeuristicConfig`] weights (copy
/// `presets/strategy_heuristic.toml`, where every field is described).
#[derive(Clone, Copy, Debug, PartialEq, Deserialize)]
#[serde(tag = "strategy", rename_all = "snake_case")]
#[allow(
    clippy::large_enum_variant,
    reason = "read once per run and copied into each worker's players; boxing the weights would lose Copy"
)]
pub enum StrategyConfig {
    /// [`Random`].
    Random,
    /// [`Heuristic`] with these weights.
    Heuristic(HeuristicConfig),
}

/// The shipped heuristic, the base of every heuristic strategy file.
const SHIPPED_HEURISTIC: &str = include_str!("presets/strategy_heuristic.toml");

impl StrategyConfig {
    /// The shipped strategy files.
    pub const PRESETS: Presets = Presets {
        kind: "medarot strategy",
        list: &[
            ("random", include_str!("presets/strategy_random.toml")),
            ("heuristic", SHIPPED_HEURISTIC),
            ("heuristic-2026", include_str!("presets/strategy_heuristic_2026.toml")),
        ],
    };

    /// A shipped strategy by name (`random`, `heuristic`, `heuristic-2026`).
    pub fn preset(name: &str) -> Result<Self, MedarotError> {
        let text = Self::PRESETS.text(name).ok_or_else(|| MedarotError::Strategy(Self::PRESETS.unknown(name)))?;
        Self::from_toml(text)
    }

    /// Reads a strategy file. A heuristic file may leave out top-level entries
    /// (`low_hp`, or a whole table such as `[attack]`), which take the shipped
    /// heuristic's; a table it gives, it gives whole. Errors name line and column.
    pub fn from_toml(text: &str) -> Result<Self, MedarotError> {
        strategy_from_toml(text, "heuristic", SHIPPED_HEURISTIC).map_err(|source| MedarotError::Toml { source })
    }
}

impl<'p> StrategyChoice<MedarotGame<'p>> for StrategyConfig {
    fn dispatch<W: WithStrategy<MedarotGame<'p>>>(self, body: W) -> W::Output {
        match self {
            Self::Random => body.with(Random),
            Self::Heuristic(config) => body.with(Heuristic { config }),
        }
    }
}

/// The weights of the [`Heuristic`]: each action's score (the best-scored
/// legal action is played). Every field is described in
/// `presets/strategy_heuristic.toml`.
#[derive(Clone, Copy, Debug, PartialEq, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct HeuristicConfig {
    /// HP at or below which it plays safe: heals, spends medaforce, draws less.
    pub low_hp: i16,
    /// Attacks.
    pub attack: AttackWeights,
    /// Moves, releases and swaps.
    #[serde(rename = "move")]
    pub moves: MoveWeights,
    /// Medarotter uses.
    pub medarotter: UseWeights,
    /// Masters, specials, medachanges, stock and placement.
    pub cards: CardWeights,
    /// Draws.
    pub draw: DrawWeights,
    /// What a card in hand is worth keeping (discards give up the least).
    pub keep: KeepWeights,
}

/// Attack scores.
#[derive(Clone, Copy, Debug, PartialEq, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct AttackWeights {
    /// An attack that destroys (plus the target's cost).
    pub destroy: i32,
    /// One the defender's hand is too small to answer.
    pub discard_all: i32,
    /// Any other attack on a known armour…
    pub chip: i32,
    /// …plus this per 10 power.
    pub chip_per_ten_power: i32,
    /// An attack on an unknown armour.
    pub unknown_armour: i32,
    /// Taken off a long-range attack.
    pub long_penalty: i32,
}

/// Move scores.
#[derive(Clone, Copy, Debug, PartialEq, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct MoveWeights {
    /// Any move.
    pub base: i32,
    /// Added for a move into the neutral zone when behind on HP…
    pub neutral_behind: i32,
    /// …and when not behind.
    pub neutral_ahead: i32,
    /// A move that brings a target it destroys in reach.
    pub to_destroy: i32,
    /// One that brings any target in reach when none is.
    pub to_target: i32,
    /// Taken off ending an activation that pays the movement penalty.
    pub stay_penalty: i32,
    /// Releasing a medachange.
    pub release: i32,
    /// Swapping.
    pub swap: i32,
}

/// Medarotter-use scores.
#[derive(Clone, Copy, Debug, PartialEq, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct UseWeights {
    /// A use that does nothing in particular.
    pub idle: i32,
    /// One that turns an attack into a destroy or saves a defender.
    pub turns_the_fight: i32,
    /// A heal when HP is low.
    pub heal: i32,
    /// A draw when the hand holds at most `draw_hand_at_most` cards.
    pub draw: i32,
    /// See `draw`.
    pub draw_hand_at_most: i32,
    /// A disruption when the opponent holds at least `disrupt_hand_at_least` cards.
    pub disrupt: i32,
    /// See `disrupt`.
    pub disrupt_hand_at_least: i32,
    /// Added for the master's own effect.
    pub master_bonus: i32,
    /// Per medaforce point: added when spending pays, taken off when it does not.
    pub per_force: i32,
    /// The cost from which a medarotter is worth medaforce.
    pub costly: i32,
}

/// Scores of the other card actions.
#[derive(Clone, Copy, Debug, PartialEq, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct CardWeights {
    /// Per HP of a master candidate…
    pub master_per_hp: i32,
    /// …plus this when its timing is not a trigger.
    pub master_not_trigger: i32,
    /// A medarot's special.
    pub special: i32,
    /// A special that does nothing now (a draw into a full hand, a disruption of an empty
    /// one).
    pub special_idle: i32,
    /// A medachange to more power…
    pub medachange_stronger: i32,
    /// …and to no more.
    pub medachange: i32,
    /// Stocking into an empty slot…
    pub stock_empty: i32,
    /// …or over a stocked card.
    pub stock_replace: i32,
    /// Added for placing a medarot on the centre column (placement scores
    /// armour + power / 2).
    pub place_centre: i32,
    /// The power counted for a special medarot (it never attacks) in its placement score
    /// and keep value, in place of its own.
    pub special_medarot: i32,
    /// The most armour counted for a special medarot in its placement score and keep value.
    pub special_armour_max: i32,
}

/// Draw scores.
#[derive(Clone, Copy, Debug, PartialEq, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct DrawWeights {
    /// Cards wanted when a medarot is owed and none is in hand.
    pub owed_want: i32,
    /// Otherwise, the hand size wanted.
    pub hand_target: i32,
    /// Cards kept in the deck: this…
    pub keep_base: i32,
    /// …plus this per turn…
    pub keep_per_turn: i32,
    /// …for at most this many turns…
    pub keep_turns: i32,
    /// …and never more than this.
    pub keep_max: i32,
    /// A draw that eats into the kept cards.
    pub low_deck: i32,
    /// A draw of exactly the wanted cards…
    pub base: i32,
    /// …less this per card more or fewer.
    pub per_card_off: i32,
    /// Taken off an extra draw…
    pub extra_cost: i32,
    /// …or this one when HP is low.
    pub extra_cost_low_hp: i32,
}

/// What keeping a card in hand is worth.
#[derive(Clone, Copy, Debug, PartialEq, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct KeepWeights {
    /// Added to a medarot's (power + armour) / 2 while a medarot is owed.
    pub medarot_owed: i32,
    /// A medachange whose base medarot is on the field…
    pub medachange_base_on_field: i32,
    /// …or is not.
    pub medachange: i32,
    /// A medarotter…
    pub medarotter: i32,
    /// …plus this per cost.
    pub medarotter_per_cost: i32,
}
