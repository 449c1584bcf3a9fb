//! Chips (祝儀; Gotō's, 1 chip = 50G, and a four-seat table's): the chip rules of a table
//! file's `[chips]` section ([`ChipRules`], GOTO-SPEC §7–§15), the ledger that settles a
//! game's hand records and final points into chip transfers between the participants
//! ([`ChipLedger`], a three-seat table's sit-out included), and cut-bi's states and
//! multipliers ([`States`], [`Multipliers`], §14). The study and the one-hand calculator
//! both book through [`ChipLedger`].

mod calc;
mod cutbi;
mod item;
mod ledger;
mod rules;
#[cfg(test)]
pub(crate) mod tests;

pub use calc::{CalcEnding, HandChips, StateName, hand_record, handless_record, settled_score, win_of};
pub use cutbi::{Multipliers, State, States};
pub use item::{ChipItem, ChipSink, ChipTally, SIT_OUT, Transfer};
pub use ledger::{ChipLedger, Dice, GivenDice, dice_of, dice_stream};
pub use rules::{ChipRules, CutBi, Places, Timing};
