//! Readings a player disputes, each a `[rules]` option of the profile (defaults
//! in `presets/default.toml`, reasons in the module doc of [`crate::rackup`]).
//!
//! | option | default | alternative |
//! |---|---|---|
//! | `mutual_draw` (相討流局) | `both_down`: a double ring-out deals both damages, a draw only if both reach HP 0 | `double_out`: every simultaneous ring-out in an active shoot is a draw |
//! | `tenpuku` (転覆) | `finish`: the finishing beat or mine hit overturns the enemy | `lying`: also an enemy lying overturned from an earlier shot |
//! | `riichi_loss_penalty` | `false`: a declarer whose riichi shot ends the round lost (or drawn) pays nothing more | `true`: it pays 1 point after the round's score |
//! | `mujun` (無盾 「試合中」) | `round`: no barricade placed or stepped with in the round | `match`: none in the whole match so far |
//! | `kishikaisei` (起死回生) | `first`: the winner's first counter blow of the round | `any`: any counter blow declared with the last barricade |

use serde::Deserialize;

/// 相討流局: which double ring-out in an active shoot draws the round.
#[derive(Clone, Copy, Debug, Default, Deserialize, PartialEq, Eq, Hash)]
#[serde(rename_all = "snake_case")]
pub enum MutualDraw {
    /// Both machines take their damage; a draw only if both reach HP 0, a win
    /// for the one left standing otherwise (「引き分けとなった場合」).
    #[default]
    BothDown,
    /// Every simultaneous ring-out is a draw (RULES-NOTES §1's wording).
    DoubleOut,
}

/// 転覆 「敵機を場内で転倒している状態で和了する」: which overturned enemy counts.
#[derive(Clone, Copy, Debug, Default, Deserialize, PartialEq, Eq, Hash)]
#[serde(rename_all = "snake_case")]
pub enum Tenpuku {
    /// The finishing beat or mine hit overturns the enemy.
    #[default]
    Finish,
    /// Also an enemy already lying overturned when the finishing beat or mine
    /// hit lands: overturned by an earlier shot, and not righted since (a
    /// machine is righted by its owner's next normal action or the next active
    /// shoot; the stun's lost action does not right it).
    Lying,
}

/// 無盾 「試合中バリケードを一切使用せず」: how long the winner must have used no barricade.
#[derive(Clone, Copy, Debug, Default, Deserialize, PartialEq, Eq, Hash)]
#[serde(rename_all = "snake_case")]
pub enum MujunScope {
    /// The round (試合 = the battle of one round).
    #[default]
    Round,
    /// The match so far, chombo ③ replays included (試合 = the hanchan); the
    /// three normal actions are still counted in the round.
    Match,
}

/// 起死回生 「残り１枚のバリケードで最初に宣言した自分のカウンターブロー」: which counter blow.
#[derive(Clone, Copy, Debug, Default, Deserialize, PartialEq, Eq, Hash)]
#[serde(rename_all = "snake_case")]
pub enum Kishikaisei {
    /// The winner's first counter blow of the round, declared with its last barricade.
    #[default]
    First,
    /// Any counter blow declared with the last barricade in hand, earlier
    /// counter blows of the round allowed.
    Any,
}
