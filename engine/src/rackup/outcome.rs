//! The record of a finished match, for the study.

use super::log::ShotKind;
use super::profile::Player;
use super::yaku::Yaku;

/// Why the match ended.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum MatchEnd {
    /// Not over yet.
    #[default]
    Running,
    /// A player's points reached 0 (奪い切り).
    Bust,
    /// After the last regular or extra round, one player leading.
    Rounds,
    /// The safety limit `rules.max_rounds` was reached (a draw if tied).
    RoundLimit,
}

/// Everything a statistician aggregates about one match. Per-seat arrays are
/// indexed by seat (0, 1).
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct MatchOutcome {
    /// Final points.
    pub points: [u8; 2],
    /// The seat with more points at the end (`None` only after the round limit, tied).
    pub winner: Option<u8>,
    /// Why the match ended.
    pub end: MatchEnd,
    /// The last round number reached (5 or more after extra rounds).
    pub rounds: u8,
    /// Rounds started, chombo ③ replays included.
    pub round_attempts: u8,
    /// The seat that rolled the dora die in round 1 (chosen by じゃんけん, i.e. at random).
    pub first_roller: u8,
    /// Rounds won with yaku.
    pub wins: [u8; 2],
    /// 和了流局: rounds won without yaku, by the seat that won.
    pub no_yaku: [u8; 2],
    /// 相討流局: rounds drawn by a double ring-out.
    pub mutual: u8,
    /// Rounds stopped because the round log was full (never expected).
    pub aborted: u8,
    /// Chombo per seat and case (① foul, ② self ring-out, ③ replay).
    pub chombo: [[u8; 3]; 2],
    /// Times each yaku was scored, per seat, indexed by `Yaku as usize`.
    pub yaku: [[u8; Yaku::COUNT]; 2],
    /// Times each point value of the yaku with several ([`Yaku::WITH_VARIANTS`])
    /// was scored, per seat, by [`Yaku::variant_slot`].
    pub variants: [[u8; Yaku::VARIANT_SLOTS]; 2],
    /// Normal shots attempted of each kind, per seat, by `ShotKind as usize`.
    pub shot_kinds: [[u16; ShotKind::COUNT]; 2],
    /// Points each yaku awarded in won rounds (before the 数え役満 cap), per
    /// seat, indexed by `Yaku as usize`.
    pub yaku_points: [[u16; Yaku::COUNT]; 2],
    /// Rounds won (with or without yaku) by the seat that took the initiative
    /// (先手) in the round's first active shoot, and so had the first normal turn.
    pub initiative_wins: u8,
    /// Winning rounds per tier (plain, mangan, haneman, baiman, yakuman), per seat.
    pub tiers: [[u8; 5]; 2],
    /// Points taken by round wins (after limiting to what the loser held).
    pub points_won: [u8; 2],
    /// Best single round score.
    pub best: [u8; 2],
    /// Dora points scored (all kinds), and of them ura/ura-kan points.
    pub dora: [u8; 2],
    /// Ura and ura-kan dora points scored.
    pub ura: [u8; 2],
    /// Riichi declarations (normal and active).
    pub riichi_declared: [u8; 2],
    /// Rounds won with yaku on a riichi shot.
    pub riichi_won: [u8; 2],
    /// Riichi failures paid with a stun.
    pub riichi_stun: [u8; 2],
    /// Riichi failures paid with a point.
    pub riichi_paid: [u8; 2],
    /// Calls declared (snipe, meteor; kans are counted apart).
    pub calls: [u8; 2],
    /// Kans declared.
    pub kans: [u8; 2],
    /// Counter blows declared.
    pub counters: [u8; 2],
    /// Shots played (normal shots and active shoots).
    pub shots: u16,
    /// Skill parameters and spell of each seat.
    pub players: [Player; 2],
}

impl MatchOutcome {
    /// An empty record for a match between `players`.
    pub fn new(players: [Player; 2]) -> Self {
        MatchOutcome {
            points: [0; 2],
            winner: None,
            end: MatchEnd::Running,
            rounds: 0,
            round_attempts: 0,
            first_roller: 0,
            wins: [0; 2],
            no_yaku: [0; 2],
            mutual: 0,
            aborted: 0,
            chombo: [[0; 3]; 2],
            yaku: [[0; Yaku::COUNT]; 2],
            yaku_points: [[0; Yaku::COUNT]; 2],
            variants: [[0; Yaku::VARIANT_SLOTS]; 2],
            shot_kinds: [[0; ShotKind::COUNT]; 2],
            initiative_wins: 0,
            tiers: [[0; 5]; 2],
            points_won: [0; 2],
            best: [0; 2],
            dora: [0; 2],
            ura: [0; 2],
            riichi_declared: [0; 2],
            riichi_won: [0; 2],
            riichi_stun: [0; 2],
            riichi_paid: [0; 2],
            calls: [0; 2],
            kans: [0; 2],
            counters: [0; 2],
            shots: 0,
            players,
        }
    }

    /// Times `yaku` was scored by either seat.
    pub fn yaku_total(&self, yaku: Yaku) -> u32 {
        u32::from(self.yaku[0][yaku as usize]) + u32::from(self.yaku[1][yaku as usize])
    }
}
