//! Mahjong hand core: tiles, tile sets, notation, shanten and ukeire for the
//! Ron2 four-player rules (seed `003_2ab1ab2ae52405ad`) and Classic Gotō
//! sanma (seed `001_e8512f07dc3867cc`); readings in RULES-NOTES §2 and §4.
//!
//! # Main types
//! - [`Tile`]: a kind `0..34` (1m–9m, 1p–9p, 1s–9s, E S W N, haku hatsu
//!   chun) with `const fn` predicates, `Display`/`FromStr` (`"5m"`, `"1z"`) and
//!   the literal macro [`t!`](crate::t) (`t!(5m)`).
//! - [`TileCounts`] (`[u8; 34]`): a hand as counts per kind, the hot-path form.
//!   [`TileSet`]: 34-bit set of kinds, for waits and ukeire.
//! - [`PhysTile`]: a physical piece: a plain kind, a red five (赤), a Gotō
//!   gold five (金), the white pocchi (白ポッチ, one of the haku) or a
//!   [`Flower`] (春夏秋冬).
//! - [`TileSetSpec`]: the composition of a set, from TOML presets in
//!   `presets/` (`four_player`, `goto`) or a user file;
//!   [`TileSetSpec::fill_wall`] lays all its pieces into a fixed-size array.
//! - Notation ([`parse_tiles`], [`Mpsz`]): tenhou mpsz plus `0` for red
//!   fives, `g` for gold fives (`4g6p`), `0z` for the pocchi and `1f`–`4f`
//!   for flowers; errors name the byte and the reason.
//!
//! # Readings
//! - Tile sets (RULES-NOTES §2, §4): four-player = 136 tiles with one red
//!   5m/5p/5s; Gotō = manzu 1m and 9m only (108) + 4 flowers, one red 5p,
//!   one red 5s, one gold 5p, one gold 5s, one pocchi haku. Every kind has
//!   four copies; red, gold and pocchi copies replace plain ones, so the Gotō
//!   set has only two plain 5p and a hand written `555p` is rejected for it.
//!   Which manzu exist, the red/gold fives, the pocchi count and the flowers
//!   are configurable; copies per kind are not.
//! - Dora in sanma: the indicator 1m shows 9m (and 9m shows 1m), the usual
//!   sanma convention; the seed does not say ([`Tile::next_dora_sanma`]).

mod decompose;
mod eval;
mod fu;
mod hand;
mod limit;
mod notation;
mod payment;
mod rules;
mod score;
mod score_hand;
mod shanten;
mod tile;
mod tileset;
mod yaku;

pub use decompose::{Block, BlockKind, for_each_standard, seven_pairs, thirteen_orphans};
pub use fu::Wait;
pub use hand::{Hand, HandScore, Meld, MeldKind, WinFlags};
pub use limit::Limit;
pub use notation::{Mpsz, NotationError, NotationErrorKind, parse_kinds, parse_tiles};
pub use payment::Payment;
pub use rules::{
    FuRules, LimitKind, LimitRules, PaymentKind, PaymentRules, RenhouValue, Rules, RulesError,
    YakuRules,
};
pub use score::{MeldSpec, MeldType, PaymentOut, ScoreResult, Situation, hand_of, score};
pub use score_hand::{ScoreError, score_hand};
pub use shanten::{
    HandError, ShantenReport, ShantenRules, shanten, shanten_chiitoitsu, shanten_kokushi,
    shanten_report, shanten_standard, ukeire, ukeire_count,
};
pub use tile::{Flower, NUM_KINDS, PhysTile, Suit, Tile, TileCounts, TileSet, counts_of};
pub use tileset::{MAX_WALL_TILES, TileSetError, TileSetSpec, WallArray};
pub use yaku::{MAX_YAKU, Yaku, YakuList};
