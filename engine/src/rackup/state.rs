//! Match state, actions and the per-seat view.

use super::RackupGame;
use super::log::{Decl, Distance, Hit, Penalty, RoundLog, ShotKind};
use super::outcome::MatchOutcome;
use super::profile::{Player, Profile, Spell};
use super::yaku::YakuResult;

/// Bits of [`RackupState::open`].
pub(crate) mod open {
    /// Riichi may be declared.
    pub(crate) const RIICHI: u8 = 1;
    /// Calls (snipe, meteor, kan) may be declared.
    pub(crate) const CALL: u8 = 1 << 1;
}

/// A normal action (通常行動).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Act {
    /// 通常シュート with a declaration (none, riichi, snipe or meteor), of a kind.
    Shot(Decl, ShotKind),
    /// Place a barricade on the field.
    Place,
    /// ステップ with a barricade: the machines end under 50 cm apart.
    Step,
    /// Take barricades back into hand.
    Recover,
}

/// A decision.
///
/// The variant is a byte of its own (`repr(u8)`) rather than packed into the
/// payloads' spare values, so that applying an action branches on it at once.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[repr(u8)]
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
///
/// A byte of its own for the variant (`repr(u8)`), as for [`Action`]: a
/// strategy branches on it once per decision.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[repr(u8)]
pub enum Decision {
    /// A declaration before an active shoot.
    Declare,
    /// A normal action.
    Turn,
    /// Whether to counter the opponent's shot, which carries this declaration
    /// and is of this kind.
    Counter(Decl, ShotKind),
    /// Stun or pay after a failed riichi.
    Penalty,
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
    /// Per seat: riichi and calls still open this round ([`open`] bits; a
    /// spell closes one for the match, a declaration the other for the round).
    pub(crate) open: [u8; 2],
    pub(crate) stunned: [bool; 2],
    pub(crate) fouled: [bool; 2],
    /// Per seat: a barricade placed or stepped with in this match (無盾 under
    /// `rules.mujun = "match"`).
    pub(crate) barricade_used: [bool; 2],
    /// Normal actions (either seat's) before the next chombo ①.
    pub(crate) foul_in: u32,
    pub(crate) distance: Distance,
    pub(crate) omote: u8,
    /// The seat to decide next; `None` once the match is over.
    pub(crate) to_move: Option<u8>,
    /// What that seat decides (kept apart from the seat, so that a view reads
    /// it as it is).
    pub(crate) decision: Decision,
    pub(crate) active_decl: [Decl; 2],
    /// The kind of the normal shot awaiting the opponent's counter decision.
    pub(crate) pending_kind: ShotKind,
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
    st: &'a RackupState,
    game: &'a RackupGame,
}

impl<'a> RackupView<'a> {
    pub(crate) fn new(game: &'a RackupGame, st: &'a RackupState, seat: u8, decision: Decision) -> Self {
        RackupView { seat, decision, st, game }
    }

    /// Round number.
    pub fn round(&self) -> u8 {
        self.st.round
    }

    /// HP per seat.
    pub fn hp(&self) -> [u8; 2] {
        self.st.hp
    }

    /// Points per seat.
    pub fn points(&self) -> [u8; 2] {
        self.st.points
    }

    /// Barricades in hand per seat.
    pub fn held(&self) -> [u8; 2] {
        self.st.held
    }

    /// Barricades on the field per seat.
    pub fn field(&self) -> [u8; 2] {
        self.st.field
    }

    /// Barricades spent (kan, step, counter) and recoverable, per seat.
    pub fn spent(&self) -> [u8; 2] {
        self.st.spent
    }

    /// Kans declared this round (both players).
    pub fn kans(&self) -> u8 {
        self.st.kans
    }

    /// Distance between the machines.
    pub fn distance(&self) -> Distance {
        self.st.distance
    }

    /// Riichi declared this round, per seat.
    pub fn riichi_used(&self) -> [bool; 2] {
        self.st.riichi_used
    }

    /// Calls declared this round, per seat.
    pub fn call_used(&self) -> [bool; 2] {
        self.st.call_used
    }

    /// Stunned seats.
    pub fn stunned(&self) -> [bool; 2] {
        self.st.stunned
    }

    /// The face of the dora die (表ドラ).
    pub fn dora(&self) -> u8 {
        self.st.omote
    }

    /// The deciding seat may declare riichi this round (no spell, no call yet).
    pub fn riichi_open(&self) -> bool {
        self.game.riichi_allowed(self.st, self.seat)
    }

    /// The deciding seat may call (snipe, meteor, kan) this round.
    pub fn calls_open(&self) -> bool {
        self.game.call_allowed(self.st, self.seat)
    }

    /// The deciding seat may declare a kan now.
    pub fn kan_open(&self) -> bool {
        self.game.kan_allowed(self.st, self.seat)
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

    /// The player of `seat` on its spell's machine (skills as they play).
    pub fn machine(&self, seat: u8) -> Player {
        let p = self.game.profile();
        p.spells.machine(&p.players[seat as usize])
    }

    /// Chance that `shooter`'s next normal shot of `kind`, from here, ends the
    /// round by bringing the other machine to HP 0.
    pub fn shot_kill_chance(&self, shooter: u8, kind: ShotKind) -> f64 {
        self.shot_kill_chances(shooter)[kind as usize]
    }

    /// [`RackupView::shot_kill_chance`] of every kind, by `ShotKind as usize`.
    pub fn shot_kill_chances(&self, shooter: u8) -> &'a [f64; ShotKind::COUNT] {
        let s = shooter as usize;
        let st = self.st;
        self.game.model.kill_chances(s, st.distance, st.field[1 - s], st.hp[1 - s])
    }

    /// Chance that an active shoot from here knocks out the opponent of `seat`
    /// and brings it to HP 0.
    pub fn active_kill_chance(&self, seat: u8) -> f64 {
        let s = seat as usize;
        if self.game.damage(Hit::ActiveOut) < self.st.hp[1 - s] {
            return 0.0;
        }
        self.game.model.active_out[s]
    }
}
