//! The 22 battle styles (バトルスタイル) of the seed, the numbers in their effects
//! ([`EFFECTS`], the one table of them), and a bit set of styles.

use std::fmt;

macro_rules! styles {
    ($($(#[$doc:meta])* $name:ident = $id:literal,)*) => {
        /// A battle style (バトルスタイル). The seed lists exactly 22; see each variant for
        /// the Japanese name and the reading implemented (the module docs give the details).
        #[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
        pub enum Style {
            $($(#[$doc])* $name,)*
        }

        impl Style {
            /// Every style, in the seed's order (the index of a style is `style as usize`).
            pub const ALL: [Style; Style::COUNT] = [$(Style::$name,)*];

            /// The lower snake_case English identifier used in line-up files and data tables.
            pub const fn id(self) -> &'static str {
                match self {
                    $(Style::$name => $id,)*
                }
            }
        }
    };
}

styles! {
    /// ジャガーノート: +1 to the card number (own card, or target as leader).
    Juggernaut = "juggernaut",
    /// スーパーノヴァ: declared before a round; 3 points on success, 3 lives lost on failure.
    Supernova = "supernova",
    /// ロードダンサー: life +3 when the home is 自動車競技・ドリフト.
    RoadDancer = "road_dancer",
    /// バルバロイ: the round after a scoring round is worth 2 points.
    Barbaroi = "barbaroi",
    /// セントーア: +3 hand cards as leader in a chase.
    Centaur = "centaur",
    /// スピードマスター: drift home only; swap up to 3 hand cards with the deck at a round start.
    SpeedMaster = "speed_master",
    /// マッドネス: as chaser, the leader's exchange takes a random hand card.
    Madness = "madness",
    /// ファントム: trade 1 scored point for 1 lost life.
    Phantom = "phantom",
    /// インドラ: as chaser, play a hand card face up before the leader draws; 2 points.
    Indra = "indra",
    /// グングニル: reveal one dealt card; it counts as a K when declared before a draw.
    Gungnir = "gungnir",
    /// イリュージョン: 魅せる走り; after scoring, a further card ≥ target adds 1 point.
    Illusion = "illusion",
    /// リーガルハイ: pay 1 life for +2 to the card number until the streak breaks.
    LegalHigh = "legal_high",
    /// ドリフトマイスター: no life lost on failure when target and own card share a colour.
    DriftMeister = "drift_meister",
    /// ジェットストリーム: consecutive scoring rounds are worth 2, 3, 4, 5, then 6 points.
    JetStream = "jet_stream",
    /// コンコルド: team battle, as 先導 of the chasing team: same-colour team cards heal 1 life.
    Concorde = "concorde",
    /// バリスタ: in a chase, send up to 3 random cards of the opponent's hand back to the deck.
    Ballista = "ballista",
    /// アルルカン: 受ける走り; after scoring, a further card ≥ target heals 1 life.
    Harlequin = "harlequin",
    /// クアドリガ: team battle, whole team holds it: same-colour team cards double the points.
    Quadriga = "quadriga",
    /// レモラ: team battle, as a follower (後続): +2 to the card number.
    Remora = "remora",
    /// スワスチカ: solo run: +2 to the card number.
    Swastika = "swastika",
    /// ダイヤモンドカッター: as chaser or in a solo run, a diamond played adds 1 point.
    DiamondCutter = "diamond_cutter",
    /// ブラザーフッド: team battle, whole team holds it: +2 points per follower on success.
    Brotherhood = "brotherhood",
}

impl Style {
    /// Number of battle styles in the seed.
    pub const COUNT: usize = 22;

    /// The style with index `i` (`Style::ALL[i]`).
    pub fn from_index(i: usize) -> Option<Style> {
        Style::ALL.get(i).copied()
    }
}

/// The numbers in the styles' effects, as the seed gives them: the one place they live.
/// The rules (deal, flow, score), the view and the strategies read them from [`EFFECTS`].
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Effects {
    /// ジャガーノート: added to the card number.
    pub juggernaut_bonus: i16,
    /// スーパーノヴァ: the points of a scoring round.
    pub supernova_points: i32,
    /// スーパーノヴァ: the lives a failed round costs.
    pub supernova_lives: i16,
    /// ロードダンサー: added to the life (drift home).
    pub road_dancer_life: i16,
    /// バルバロイ: the points of a round after a scoring round.
    pub barbaroi_points: i32,
    /// セントーア: added to the hand as chase leader.
    pub centaur_cards: usize,
    /// スピードマスター: most hand cards exchanged at once.
    pub speed_master_cards: usize,
    /// ファントム: the points given up for one trade.
    pub phantom_points: i32,
    /// ファントム: the life healed by one trade.
    pub phantom_life: i16,
    /// インドラ: the points of the round.
    pub indra_points: i32,
    /// グングニル: the number the revealed card counts as (a K).
    pub gungnir_number: i16,
    /// イリュージョン: the points the extra card adds.
    pub illusion_points: i32,
    /// リーガルハイ: the life paid to declare it.
    pub legal_high_cost: i16,
    /// リーガルハイ: added to the card number while in force.
    pub legal_high_bonus: i16,
    /// ジェットストリーム: the most points of a round in a streak (the 6th on); before, the
    /// n-th consecutive scoring round is worth n.
    pub jet_stream_max: i32,
    /// コンコルド: the life healed.
    pub concorde_life: i16,
    /// バリスタ: the opponent's hand cards sent back to the deck.
    pub ballista_cards: u8,
    /// アルルカン: the life the extra card heals.
    pub harlequin_life: i16,
    /// クアドリガ: the factor on the points.
    pub quadriga_factor: i32,
    /// レモラ: added to a follower's card number.
    pub remora_bonus: i16,
    /// スワスチカ: added to the card number in a solo run.
    pub swastika_bonus: i16,
    /// ダイヤモンドカッター: the points a played diamond adds.
    pub diamond_cutter_points: i32,
    /// ブラザーフッド: the points added per follower.
    pub brotherhood_points: i32,
}

/// The effect values of the seed's styles.
pub const EFFECTS: Effects = Effects {
    juggernaut_bonus: 1,
    supernova_points: 3,
    supernova_lives: 3,
    road_dancer_life: 3,
    barbaroi_points: 2,
    centaur_cards: 3,
    speed_master_cards: 3,
    phantom_points: 1,
    phantom_life: 1,
    indra_points: 2,
    gungnir_number: 13,
    illusion_points: 1,
    legal_high_cost: 1,
    legal_high_bonus: 2,
    jet_stream_max: 6,
    concorde_life: 1,
    ballista_cards: 3,
    harlequin_life: 1,
    quadriga_factor: 2,
    remora_bonus: 2,
    swastika_bonus: 2,
    diamond_cutter_points: 1,
    brotherhood_points: 2,
};

impl fmt::Display for Style {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.id())
    }
}

/// The valid style ids, comma-separated (for error messages).
pub(crate) fn valid_style_names() -> String {
    Style::ALL.map(Style::id).join(", ")
}

/// A set of battle styles in one word.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Default)]
pub struct StyleSet(u32);

impl StyleSet {
    /// No style.
    pub const EMPTY: StyleSet = StyleSet(0);

    /// The set holding exactly `styles`.
    pub const fn of(styles: &[Style]) -> StyleSet {
        let mut set = StyleSet::EMPTY;
        let mut i = 0;
        while i < styles.len() {
            set = set.with(styles[i]);
            i += 1;
        }
        set
    }

    /// Adds `style`.
    pub fn insert(&mut self, style: Style) {
        self.0 |= 1 << style as u32;
    }

    /// This set plus `style`.
    pub const fn with(self, style: Style) -> StyleSet {
        StyleSet(self.0 | 1 << style as u32)
    }

    /// `true` when `style` is in the set.
    pub const fn contains(self, style: Style) -> bool {
        self.0 & (1 << style as u32) != 0
    }

    /// This set less `style`.
    pub const fn without(self, style: Style) -> StyleSet {
        StyleSet(self.0 & !(1 << style as u32))
    }

    /// The styles in either set.
    pub const fn union(self, other: StyleSet) -> StyleSet {
        StyleSet(self.0 | other.0)
    }

    /// The styles in both sets.
    pub const fn intersect(self, other: StyleSet) -> StyleSet {
        StyleSet(self.0 & other.0)
    }

    /// `true` for the empty set.
    pub const fn is_empty(self) -> bool {
        self.0 == 0
    }

    /// Number of styles in the set.
    pub const fn len(self) -> usize {
        self.0.count_ones() as usize
    }

    /// The styles in the set, in [`Style::ALL`] order.
    pub fn iter(self) -> impl Iterator<Item = Style> {
        Style::ALL.into_iter().filter(move |&s| self.contains(s))
    }
}

impl fmt::Debug for StyleSet {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_set().entries(self.iter().map(Style::id)).finish()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn ids_parse_back_and_are_unique() {
        for (i, s) in Style::ALL.into_iter().enumerate() {
            assert_eq!(s as usize, i);
            assert_eq!(s.id().parse::<Style>().unwrap(), s);
            assert_eq!(format!("{s:?}").parse::<Style>().unwrap(), s);
        }
        assert_eq!("Road Dancer".parse::<Style>().unwrap(), Style::RoadDancer);
        let err = "warp_drive".parse::<Style>().unwrap_err().to_string();
        assert!(err.contains("warp_drive") && err.contains("diamond_cutter"), "{err}");
    }

    #[test]
    fn set_operations() {
        let mut set = StyleSet::EMPTY;
        assert!(set.is_empty());
        set.insert(Style::Brotherhood);
        set.insert(Style::Juggernaut);
        assert!(set.contains(Style::Brotherhood) && !set.contains(Style::Remora));
        assert_eq!(set.iter().collect::<Vec<_>>(), [Style::Juggernaut, Style::Brotherhood]);
        assert_eq!(set.len(), 2);
        assert_eq!(set.intersect(StyleSet::of(&[Style::Juggernaut])).len(), 1);
    }
}
