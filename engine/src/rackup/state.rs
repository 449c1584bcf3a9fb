//! Match state, actions and the per-seat view.

use super::RackupGame;
use super::log::{Decl, Distance, Hit, Penalty, RoundLog};
use super::model::BARRICADE_LEVELS;
use super::outcome::MatchOutcome;
use super::profile::{Profile, Spell};
use super::yaku::YakuResult;

/// A normal action (通常行動).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Act {
    /// 通常シュート with a declaration (none, riichi, snipe or meteor).
    Shot(Decl),
    /// Place a barricade on the field.
    Place,
    /// ステップ with a barricade: the machines end under 50 cm apart.
    Step,
    /// Take barricades back into hand.
    Recover,
}

/// A decision.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Action {
    /// Before an active shoot: declare nothing, riichi (能動立直) or meteor.
    Declare(Decl),
    /// A normal action, optionally preceded by a kan (カン).
    Turn {
        /// Declare a kan first (two barricades, a kan dora).
        kan: bool,
        /// The normal action.
        act: Act,
    },
    /// Answer the opponent's normal shot with a counter blow (one barricade), or not.
    Counter(bool),
    /// The riichi-failure penalty.
    Penalty(Penalty),
}

/// What the seat to move is deciding.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Decision {
    /// A declaration before an active shoot.
    Declare,
    /// A normal action.
    Turn,
    /// Whether to counter the opponent's shot, which carries this declaration.
    Counter(Decl),
    /// Stun or pay after a failed riichi.
    Penalty,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Phase {
    Decide(u8, Decision),
    Over,
}

/// A match in progress.
#[derive(Clone, Debug)]
pub struct RackupState {
    pub(crate) points: [u8; 2],
    pub(crate) round: u8,
    pub(crate) first_roller: u8,
    pub(crate) hp: [u8; 2],
    pub(crate) held: [u8; 2],
    pub(crate) field: [u8; 2],
    pub(crate) spent: [u8; 2],
    pub(crate) kans: u8,
    pub(crate) riichi_used: [bool; 2],
    pub(crate) call_used: [bool; 2],
    pub(crate) stunned: [bool; 2],
    pub(crate) fouled: [bool; 2],
    pub(crate) distance: Distance,
    pub(crate) omote: u8,
    pub(crate) phase: Phase,
    pub(crate) active_decl: [Decl; 2],
    pub(crate) penalty_due: [bool; 2],
    pub(crate) after_penalty: u8,
    pub(crate) log: RoundLog,
    pub(crate) last: YakuResult,
    pub(crate) outcome: MatchOutcome,
}

impl RackupState {
    /// The current round's log.
    pub fn log(&self) -> &RoundLog {
        &self.log
    }

    /// The result of the last finished round.
    pub fn last_result(&self) -> &YakuResult {
        &self.last
    }

    /// Current points.
    pub fn points(&self) -> [u8; 2] {
        self.points
    }
}

/// What a player sees when deciding (the whole table is public in this game).
#[derive(Clone, Copy, Debug)]
pub struct RackupView<'a> {
    /// The deciding seat.
    pub seat: u8,
    /// What it decides.
    pub decision: Decision,
    /// Round number.
    pub round: u8,
    /// HP per seat.
    pub hp: [u8; 2],
    /// Points per seat.
    pub points: [u8; 2],
    /// Barricades in hand per seat.
    pub held: [u8; 2],
    /// Barricades on the field per seat.
    pub field: [u8; 2],
    /// Barricades spent (kan, step, counter) and recoverable, per seat.
    pub spent: [u8; 2],
    /// Kans declared this round (both players).
    pub kans: u8,
    /// Distance between the machines.
    pub distance: Distance,
    /// Riichi declared this round, per seat.
    pub riichi_used: [bool; 2],
    /// Calls declared this round, per seat.
    pub call_used: [bool; 2],
    /// Stunned seats.
    pub stunned: [bool; 2],
    /// The face of the dora die (表ドラ).
    pub dora: u8,
    /// The deciding seat may declare riichi this round (no spell, no call yet).
    pub riichi_open: bool,
    /// The deciding seat may call (snipe, meteor, kan) this round.
    pub calls_open: bool,
    /// The deciding seat may declare a kan now.
    pub kan_open: bool,
    game: &'a RackupGame,
}

impl<'a> RackupView<'a> {
    pub(crate) fn new(game: &'a RackupGame, st: &RackupState, seat: u8, decision: Decision) -> Self {
        RackupView {
            seat,
            decision,
            round: st.round,
            hp: st.hp,
            points: st.points,
            held: st.held,
            field: st.field,
            spent: st.spent,
            kans: st.kans,
            distance: st.distance,
            riichi_used: st.riichi_used,
            call_used: st.call_used,
            stunned: st.stunned,
            dora: st.omote,
            riichi_open: game.riichi_allowed(st, seat),
            calls_open: game.call_allowed(st, seat),
            kan_open: game.kan_allowed(st, seat),
            game,
        }
    }

    /// The profile in play (rules and shot model are public knowledge).
    pub fn profile(&self) -> &Profile {
        self.game.profile()
    }

    /// Damage a machine takes from `hit` under this profile.
    pub fn damage(&self, hit: Hit) -> u8 {
        self.game.damage(hit)
    }

    /// The regulation spell of `seat`.
    pub fn spell(&self, seat: u8) -> Spell {
        self.game.profile().players[seat as usize].spell
    }

    /// Chance that `shooter`'s next normal shot, from here, ends the round by
    /// bringing the other machine to HP 0.
    pub fn shot_kill_chance(&self, shooter: u8) -> f64 {
        let s = shooter as usize;
        let level = (self.field[1 - s] as usize).min(BARRICADE_LEVELS - 1);
        let table = &self.game.model.normal[s][self.distance as usize][level];
        let target_hp = self.hp[1 - s];
        [Hit::BeatHit, Hit::MineHit, Hit::FlipOutPartial, Hit::FlipOutFull]
            .iter()
            .zip(table.p)
            .filter(|(h, _)| self.game.damage(**h) >= target_hp)
            .map(|(_, p)| p)
            .sum()
    }

    /// Chance that an active shoot from here knocks out the opponent of `seat`
    /// and brings it to HP 0.
    pub fn active_kill_chance(&self, seat: u8) -> f64 {
        let s = seat as usize;
        if self.game.damage(Hit::ActiveOut) < self.hp[1 - s] {
            return 0.0;
        }
        let a = &self.game.model.active_p;
        let first = [a.first0, 1.0 - a.first0];
        let push = first[s] * a.pusher_first[s] + first[1 - s] * (1.0 - a.pusher_first[1 - s]);
        a.contact * a.out * push
    }
}
