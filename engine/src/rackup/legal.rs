//! Legal actions, precomputed: a seat's choices depend only on the decision
//! kind and a few permissions ([`may`]), so every possible list is built
//! once per game. [`RackupGame::legal_list`] finds the list's slot from the
//! state when it is asked for, by a lookup that cannot fail: a strategy that
//! never reads the list, as the heuristic, then costs nothing (the inlined
//! lookup is dropped unused).

use super::RackupGame;
use super::log::{Decl, Distance, Penalty, ShotKind};
use super::state::{Act, Action, Decision, RackupState, open};

/// Most legal actions of one decision: a turn without and with a kan, each
/// with 4 declarations of every shot kind and 3 barricade actions.
const MAX_LEGAL: usize = 2 * (4 * ShotKind::COUNT + 3);
/// Table slots: turns by permissions, declarations, counter, penalty.
const SLOTS: usize = PENALTY_SLOT + 1;
/// Table entries: one for every value of a `u8` slot, so that looking a slot
/// up needs no bounds check (the entries past [`SLOTS`] are never posed).
const TABLE_LEN: usize = 1 << u8::BITS;
const _: () = assert!(SLOTS <= TABLE_LEN);

/// What the deciding seat may do, as far as its legal actions depend on it:
/// bits of a turn's table slot (a declaration only uses the first two).
mod may {
    use super::open;
    pub(super) const RIICHI: usize = open::RIICHI as usize;
    pub(super) const CALL: usize = open::CALL as usize;
    /// The machines are 50 cm or more apart (snipe).
    pub(super) const SNIPE: usize = 1 << 2;
    /// Barricades in hand (place, step).
    pub(super) const PLACE: usize = 1 << 3;
    /// Barricades aside or on the field (recover).
    pub(super) const RECOVER: usize = 1 << 4;
    pub(super) const KAN: usize = 1 << 5;
    /// Barricades still in hand after a kan.
    pub(super) const PLACE_AFTER_KAN: usize = 1 << 6;
    /// Number of turn slots.
    pub(super) const TURN_SLOTS: usize = 1 << 7;
}

/// Slot of a declaration; `+ RIICHI | CALL` bits.
const DECLARE_SLOT: usize = may::TURN_SLOTS;
const COUNTER_SLOT: usize = DECLARE_SLOT + 4;
const PENALTY_SLOT: usize = COUNTER_SLOT + 1;

/// The table slot of `decision` for the seat deciding in `st`.
fn slot(game: &RackupGame, st: &RackupState, seat: u8, decision: Decision) -> usize {
    let flag = |on: bool, bit: usize| if on { bit } else { 0 };
    let riichi_call = usize::from(st.open[seat as usize]);
    match decision {
        Decision::Turn => {
            let s = seat as usize;
            riichi_call
                | flag(st.distance >= Distance::Mid, may::SNIPE)
                | flag(st.held[s] > 0, may::PLACE)
                | flag(st.spent[s] + st.field[s] > 0, may::RECOVER)
                | flag(game.kan_allowed(st, seat), may::KAN)
                | flag(st.held[s] > 2, may::PLACE_AFTER_KAN)
        }
        Decision::Declare => DECLARE_SLOT + riichi_call,
        Decision::Counter(..) => COUNTER_SLOT,
        Decision::Penalty => PENALTY_SLOT,
    }
}

/// One list of legal actions (the first `len` of `actions`), 64 bytes apart
/// in the table so that a slot's address is a shift.
#[derive(Clone, Copy, Debug)]
#[repr(align(64))]
struct LegalSet {
    actions: [Action; MAX_LEGAL],
    len: u8,
}

impl LegalSet {
    /// The list for `decision` under the permission bits `p`.
    fn new(decision: Decision, p: usize) -> LegalSet {
        let mut set = LegalSet { actions: [Action::Counter(false); MAX_LEGAL], len: 0 };
        let mut push = |a: Action| {
            set.actions[set.len as usize] = a;
            set.len += 1;
        };
        match decision {
            Decision::Declare => {
                push(Action::Declare(Decl::None));
                if p & may::RIICHI != 0 {
                    push(Action::Declare(Decl::Riichi));
                }
                if p & may::CALL != 0 {
                    push(Action::Declare(Decl::Meteor));
                }
            }
            Decision::Turn => {
                let calls = p & may::CALL != 0;
                let kans = if p & may::KAN != 0 { 2 } else { 1 };
                for kan in [false, true].into_iter().take(kans) {
                    let (held, aside) = if kan {
                        (p & may::PLACE_AFTER_KAN != 0, true)
                    } else {
                        (p & may::PLACE != 0, p & may::RECOVER != 0)
                    };
                    let decls = [
                        (Decl::None, true),
                        (Decl::Riichi, !kan && p & may::RIICHI != 0),
                        (Decl::Snipe, calls && p & may::SNIPE != 0),
                        (Decl::Meteor, calls),
                    ];
                    for (decl, _) in decls.into_iter().filter(|d| d.1) {
                        for kind in ShotKind::ALL {
                            push(Action::Turn { kan, act: Act::Shot(decl, kind) });
                        }
                    }
                    let turn = |act| Action::Turn { kan, act };
                    if held {
                        push(turn(Act::Place));
                        push(turn(Act::Step));
                    }
                    if aside {
                        push(turn(Act::Recover));
                    }
                }
            }
            Decision::Counter(..) => {
                push(Action::Counter(false));
                push(Action::Counter(true));
            }
            Decision::Penalty => {
                push(Action::Penalty(Penalty::Stun));
                push(Action::Penalty(Penalty::Pay));
            }
        }
        set
    }
}

/// Every legal-action list of a game, by [`slot`].
#[derive(Clone, Debug)]
pub(crate) struct LegalTable(Box<[LegalSet; TABLE_LEN]>);

impl LegalTable {
    pub(crate) fn new() -> LegalTable {
        let mut sets = Box::new([LegalSet::new(Decision::Penalty, 0); TABLE_LEN]);
        for p in 0..may::TURN_SLOTS {
            sets[p] = LegalSet::new(Decision::Turn, p);
        }
        for p in 0..4 {
            sets[DECLARE_SLOT + p] = LegalSet::new(Decision::Declare, p);
        }
        sets[COUNTER_SLOT] = LegalSet::new(Decision::Counter(Decl::None, ShotKind::Plain), 0);
        LegalTable(sets)
    }
}

impl RackupGame {
    /// Poses `decision` to `seat`: the last change to the state before the decision is
    /// answered, so that its legal actions can be read from the state.
    #[inline(always)]
    pub(crate) fn decide(&self, st: &mut RackupState, seat: u8, decision: Decision) {
        st.to_move = Some(seat);
        st.decision = decision;
    }

    /// The legal actions of the seat to move, from the table (none once the match is over).
    #[inline(always)]
    pub(crate) fn legal_list(&self, st: &RackupState) -> &[Action] {
        let Some(seat) = st.to_move else {
            return &[];
        };
        // Neither index can be out of range (a slot is below `TABLE_LEN`, a length at
        // most `MAX_LEGAL`), so the lookup has no panic to keep it alive.
        let set = &self.legal_table.0[slot(self, st, seat, st.decision) & (TABLE_LEN - 1)];
        &set.actions[..usize::from(set.len).min(MAX_LEGAL)]
    }
}
