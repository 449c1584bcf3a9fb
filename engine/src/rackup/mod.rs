//! Rack-up Battle (ラックアップバトル, hanchan match): a two-player house variant of
//! the finger-flick machine battle "Flix Array" (advanced active battle), scored
//! like mahjong. Seed: `seeds/000_ef4f1f910dd8651c.txt` (2024/11/28 edition);
//! readings in `RULES-NOTES.md` §1.
//!
//! # Main types
//! - [`RackupGame`]: the rules value (a validated [`Profile`] and its shot model);
//!   implements [`crate::Game`]. Load with [`RackupGame::preset`]`("default")` or
//!   [`RackupGame::new`]`(`[`Profile::from_toml`]`(text)?)`.
//! - [`RoundLog`] / [`Event`] / [`ShotRecord`]: what happened in a round, in
//!   fixed-size storage; [`yaku::evaluate`] decides the 37 yaku of the seed's list
//!   and the score from it alone.
//! - [`MatchOutcome`]: the per-match record (points, wins, draws, chombo, yaku
//!   counts per seat, riichi and call counts, skills).
//! - [`RackupView`]: what a deciding seat sees (accessors for HP, points,
//!   barricades, distance, declarations, plus the shot model's finishing chance
//!   of each shot kind).
//! - [`ShotKind`]: the kind of normal shot a player chooses with each shot
//!   (plain, safe, beat, mine, flip, charge, half, jump, ride), each with its
//!   own chances in the profile's `[shots]` ([`shots`]).
//! - [`Spells`]: the machine each regulation spell buys ([`spell`]).
//! - [`strategy`]: [`RandomStrategy`], [`HeuristicStrategy`] driven by a
//!   [`HeuristicConfig`] (riichi never / always / when likely, snipe, meteor, kan,
//!   counter threshold, penalty choice, the shot kind: a plan, aimed finishes,
//!   safe shots, jumps and rides), chosen by a [`StrategyConfig`] strategy
//!   file (shipped: `random`, `heuristic`, `riichi-never`, `riichi-always`).
//!   Regulation spells are per-seat profile settings (`players[i].spell`).
//!
//! # Example
//! ```
//! use engine::rackup::{HeuristicStrategy, RackupGame, RandomStrategy};
//! use engine::{GameSeeds, Table};
//!
//! let game = RackupGame::preset("default").unwrap();
//! let mut table = Table::new(&game);
//! let mut rng = GameSeeds::new(1).rng(0);
//! let outcome = table.play(&game, &mut (HeuristicStrategy::shipped(), RandomStrategy), &mut rng);
//! assert_eq!(outcome.points[0] + outcome.points[1], 20);
//! ```
//!
//! # Flow
//! A match is 4 rounds at max HP 6 with 10 points each; it ends when a player's
//! points reach 0, or after round 4 with a leader; tied, extra rounds follow (the
//! round number keeps counting: 墓穴 in round 5 is worth 5). A round: the dora
//! die (the roller alternates by round, round 1's roller drawn at random), then
//! an active shoot (both declare first: nothing, riichi or meteor), then normal
//! turns from the initiative taker, alternating. A normal turn is one decision:
//! an optional kan, then a shot (with a declaration and a kind) or a barricade action. The
//! opponent may answer a non-riichi shot with a counter blow (one barricade),
//! which turns it into an active shoot. A ring-out, clinch or chombo ② forces a
//! re-set: stuns are cleared and a new active shoot follows.
//!
//! # Readings chosen (the seed leaves these open)
//! - Damage (base game): beat 1, mine 3, partial flip 5, full flip 6, self
//!   ring-out 2 to oneself, active out 2 (profile `[damage]`).
//! - Shots as decisions: where the base game leaves the way of shooting to
//!   the player, the shooter picks a [`ShotKind`]; the intent yaku need it
//!   (see [`yaku`]). Every chance is an uncalibrated assumption, marked so in
//!   `presets/default.toml`.
//! - Regulation spells: the seat under a spell plays the spell's machine
//!   (`[spells]`: accuracy, power, weight, HP), a seed reading: the spell
//!   exists to let an oversize or overweight machine play.
//! - Disputed readings are `[rules]` options ([`readings`]); the defaults:
//!   - 相討流局 (`mutual_draw = "both_down"`): a double ring-out in an active
//!     shoot (one machine knocked out, the other out by itself, or both out by
//!     themselves) deals both damages; the round is a draw only if both reach
//!     HP 0, and if one survives it wins. The seed's 「同時場外によって引き分けと
//!     なった場合も流局」 makes the draw the case, not every double ring-out, and
//!     it is how 能動立直 can be "won while self ring-outing" (its 1-point
//!     variant). `"double_out"` makes every one a draw (RULES-NOTES' wording).
//!   - 転覆 (`tenpuku = "finish"`): the finishing beat or mine hit overturns the
//!     enemy; `"lying"` also counts an enemy overturned earlier and still lying.
//!   - A riichi declarer whose riichi shot ends the round lost or drawn pays
//!     nothing more (`riichi_loss_penalty = false`): the stun cannot be served
//!     and the round is lost already; `true` makes it pay 1 point.
//!   - 無盾's 「試合中」 (`mujun = "round"`) is the round, as for the other
//!     yaku counting 「合計３回以上通常行動」; `"match"` spans the match.
//!   - 起死回生 (`kishikaisei = "first"`): the winner's first counter blow of the
//!     round (「最初に宣言した」), with its last barricade; `"any"`: any counter
//!     blow with the last barricade.
//! - Stun = the stunned machine loses its next normal action; a re-set clears
//!   stuns (hence a stun cannot be the riichi penalty when a re-set is pending).
//!   An overturn inside the field (転覆, failed landing) is a stun.
//! - Riichi failure: the penalty is chosen only if the round goes on (see
//!   `riichi_loss_penalty` above for a round it ends); with a re-set pending the declarer pays 1 without choosing. Riichi and calls are
//!   exclusive per player and round; a kan is a call.
//! - Counter blow: spends one barricade (recoverable); not against a riichi shot;
//!   the shooter's meteor carries into the active shoot, a snipe is lost, and
//!   the counter declarer declares nothing else for that shoot.
//! - Barricades (2 each): placing one puts it on the field (it blocks enemy hits
//!   and can be broken: 破壊); a step, a kan or a counter blow spends barricades
//!   aside; a recover action takes up to 2 back (aside first, then field).
//! - Chombo ① is a chance per normal action (`rules.foul`, drawn as the gap to
//!   the next one, the same process); ③ replays the round
//!   with the same number and dora roller; penalty payments stand.
//! - Payments never exceed what the payer holds; a player at 0 loses at once.
//! - Yakuman stack (`rules.stack_yakuman`); dora never join yakuman; 墓穴
//!   overrides every yaku (yakuman included) but takes dora; ordinary yaku plus
//!   dora are capped (`score.cap`). Every point value is profile data
//!   (`[yaku]`, `[score]`; see [`yaku::points`]).
//! - Every yaku condition, as read, is tabled in [`yaku`].
//! - A round needing more than [`log::LOG_CAPACITY`] events is stopped as
//!   unscored (`MatchOutcome::aborted`; never observed).

mod legal;
pub mod log;
mod model;
pub mod outcome;
mod play;
pub mod profile;
pub mod readings;
pub mod shots;
pub mod spell;
mod state;
pub mod strategy;
pub mod yaku;

#[cfg(test)]
mod tests;
#[cfg(test)]
mod tests_flow;
#[cfg(test)]
mod tests_golden;
#[cfg(test)]
mod tests_points;
#[cfg(test)]
mod tests_readings;
#[cfg(test)]
mod tests_scoring;
#[cfg(test)]
mod tests_shots;
#[cfg(test)]
mod tests_strategy;
#[cfg(test)]
mod tests_yaku;
#[cfg(test)]
mod tests_yaku_calls;

pub use log::{Decl, Event, Hit, RoundLog, ShotKind, ShotRecord};
pub use outcome::{MatchEnd, MatchOutcome};
pub use profile::{Player, Profile, ProfileError, ProfileErrorKind};
pub use readings::{Kishikaisei, MujunScope, MutualDraw, Tenpuku};
pub use shots::{KindModel, Shots};
pub use spell::{Machine, Spell, Spells};
pub use state::{Act, Action, Decision, RackupState, RackupView};
pub use strategy::{
    HeuristicConfig, HeuristicStrategy, KanPolicy, PenaltyPolicy, RandomStrategy, RiichiPolicy, StrategyConfig,
    StrategyError,
};
pub use yaku::{Yaku, YakuResult, evaluate};

use crate::{Game, GameRng, Seat};
use legal::LegalTable;
use model::{Gaps, ShotModel};
use profile::Rules;

/// Rack-up Battle with one profile: the [`Game`] implementation.
#[derive(Clone, Debug)]
pub struct RackupGame {
    profile: Profile,
    pub(crate) model: ShotModel,
    foul: Gaps,
    score_rules: yaku::ScoreRules,
    /// Damage by `Hit as usize`.
    damage: [u8; 7],
    /// Each seat's maximum HP (the rules', changed by its spell's machine).
    max_hp: [u8; 2],
    /// Per seat: what a round opens with, as [`state::open`] bits (蜃気楼 bans
    /// riichi, ダイエットサプリ calls).
    open_at_start: [u8; 2],
    legal_table: LegalTable,
    /// The record a match starts from (copied, not built, at every start).
    fresh_outcome: MatchOutcome,
}

impl RackupGame {
    /// A game for a validated profile.
    pub fn new(profile: Profile) -> Result<Self, ProfileError> {
        profile.validate()?;
        let d = &profile.damage;
        Ok(RackupGame {
            damage: [0, d.beat_hit, d.mine_hit, d.flip_out_partial, d.flip_out_full, d.active_out, d.self_out],
            max_hp: profile.players.map(|p| profile.spells.max_hp(&p, profile.rules.max_hp)),
            open_at_start: profile.players.map(|p| {
                let riichi = if p.spell == Spell::Mirage { 0 } else { state::open::RIICHI };
                riichi | if p.spell == Spell::Diet { 0 } else { state::open::CALL }
            }),
            model: ShotModel::new(&profile),
            legal_table: LegalTable::new(),
            foul: Gaps::new(profile.rules.foul),
            score_rules: yaku::ScoreRules::new(&profile),
            fresh_outcome: MatchOutcome::new(profile.players),
            profile,
        })
    }

    /// A game for an embedded preset (`"default"`).
    pub fn preset(name: &str) -> Result<Self, ProfileError> {
        RackupGame::new(Profile::preset(name)?)
    }

    /// The profile in play.
    pub fn profile(&self) -> &Profile {
        &self.profile
    }

    fn rules(&self) -> &Rules {
        &self.profile.rules
    }

    /// Damage a machine takes from `hit`.
    pub fn damage(&self, hit: Hit) -> u8 {
        self.damage[hit as usize]
    }
}

impl Game for RackupGame {
    type State = RackupState;
    type Action = Action;
    type View<'a> = RackupView<'a>;
    type Outcome = MatchOutcome;

    fn num_seats(&self) -> usize {
        2
    }

    fn new_state(&self) -> RackupState {
        let r = self.rules();
        RackupState {
            points: [r.start_points; 2],
            round: 1,
            first_roller: 0,
            hp: self.max_hp,
            held: [r.barricades; 2],
            field: [0; 2],
            spent: [0; 2],
            kans: 0,
            riichi_used: [false; 2],
            call_used: [false; 2],
            open: self.open_at_start,
            stunned: [false; 2],
            fouled: [false; 2],
            barricade_used: [false; 2],
            foul_in: 0,
            distance: log::Distance::Mid,
            omote: 1,
            to_move: None,
            decision: Decision::Turn,
            active_decl: [Decl::None; 2],
            pending_kind: ShotKind::Plain,
            penalty_due: [false; 2],
            after_penalty: 0,
            log: RoundLog::new(1, self.max_hp, r.barricades),
            last: YakuResult::default(),
            outcome: self.fresh_outcome,
        }
    }

    fn reset(&self, state: &mut RackupState, rng: &mut GameRng) {
        self.start_match(state, rng);
    }

    fn to_move(&self, state: &RackupState) -> Option<Seat> {
        state.to_move.map(Seat::from)
    }

    fn legal_actions(&self, state: &RackupState, out: &mut Vec<Action>) {
        out.clear();
        out.extend_from_slice(self.legal_list(state));
    }

    #[inline(always)]
    fn legal<'a>(&'a self, state: &'a RackupState, _: &'a mut Vec<Action>) -> &'a [Action] {
        self.legal_list(state)
    }

    fn view<'a>(&'a self, state: &'a RackupState, seat: Seat) -> RackupView<'a> {
        RackupView::new(self, state, seat as u8, state.decision)
    }

    // Inlined into the table's loop: a decision is too small for a call of its own.
    #[inline(always)]
    fn apply(&self, state: &mut RackupState, action: Action, rng: &mut GameRng) {
        self.act(state, action, rng);
    }

    fn outcome(&self, state: &RackupState) -> MatchOutcome {
        state.outcome
    }
}
