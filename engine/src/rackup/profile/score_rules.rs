//! The scoring rules a profile gives ([`ScoreRules`]): its yaku points multiplied out and
//! its score limits, in the fixed arrays scoring reads.

use super::Profile;
use crate::rackup::yaku::Yaku;
use crate::rackup::yaku::points::{MAX_VALUES, ScoreRules, in_yakuman};

impl ScoreRules {
    /// The scoring rules of `profile`.
    pub fn new(profile: &Profile) -> ScoreRules {
        let mut points = [[0; MAX_VALUES]; Yaku::COUNT];
        let mut zero = 0;
        for yaku in Yaku::ALL {
            let used = yaku.variants().len().max(1);
            for (value, p) in points[yaku as usize].iter_mut().enumerate().take(used) {
                let written = profile.yaku.get(yaku, value);
                *p = if in_yakuman(yaku, value) { written.saturating_mul(profile.score.yakuman) } else { written };
                zero |= u64::from(*p == 0) << yaku as u64;
            }
        }
        ScoreRules {
            points,
            zero,
            cap: profile.score.cap,
            stack_yakuman: profile.rules.stack_yakuman,
            tiers: profile.score.tiers,
            tenpuku: profile.rules.tenpuku,
            mujun: profile.rules.mujun,
            kishikaisei: profile.rules.kishikaisei,
        }
    }
}
