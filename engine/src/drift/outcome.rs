//! The record of a finished battle.

use super::style::Style;
use crate::Seat;

/// Result of one drift battle, per side (seat 0 leads the first chase; in a solo run only
/// index 0 is used). Plain `Copy` data for aggregation.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct DriftOutcome {
    /// Evaluation points (評価点) of each side, after every style effect.
    pub points: [i32; 2],
    /// The side with more points; `None` for a tie, and always in a solo run.
    pub winner: Option<Seat>,
    /// Exchanges (rounds) each side played as chaser.
    pub rounds: [u32; 2],
    /// Rounds each side scored in as chaser.
    pub scored: [u32; 2],
    /// Lives each side lost in failed rounds (after DriftMeister; not counting Legal High
    /// payments, nor lives healed back).
    pub lives_lost: [i32; 2],
    /// Life left at the end (below 0 for a side whose chase ran out of life).
    pub life_left: [i16; 2],
    /// Whether each side scored in its first round as chaser. That round's two cards are
    /// the first draws from a full deck, so with plain play and no styles it is a Bernoulli
    /// trial with [`exact_chaser_score_probability`](super::exact_chaser_score_probability).
    pub first_round_scored: [bool; 2],
    /// `true` when a chase stopped at `max_rounds_per_chase` instead of by life.
    pub round_cap_hit: bool,
    /// Per side: its own chase (as chaser) stopped at `max_rounds_per_chase` with life
    /// left, so its points there are cut off.
    pub capped: [bool; 2],
    /// How many times each side's styles fired, indexed by `Style as usize`. A use is: a
    /// declaration (Supernova, LegalHigh, Indra, Illusion, Harlequin, Gungnir use, Phantom
    /// trade, SpeedMaster exchange); an application (Juggernaut/Swastika/Remora per
    /// numbered card modified, Centaur per deal, Ballista per firing, Madness per
    /// randomised exchange, RoadDancer once per battle); or a round whose result the style
    /// changed (Barbaroi/JetStream setting the points of a scoring round, DriftMeister
    /// saving lives, DiamondCutter's point, Concorde's heal, Quadriga's doubling,
    /// Brotherhood's bonus).
    pub style_uses: [[u16; Style::COUNT]; 2],
}

impl DriftOutcome {
    /// Times `style` fired for `seat`.
    pub fn uses(&self, seat: Seat, style: Style) -> u16 {
        self.style_uses[seat][style as usize]
    }
}
