//! Data yaku: each of the shipped `local_yaku` with a hand that scores it and a near miss
//! that does not, precedence, includes by name, and the one-line errors of bad definitions.

use super::{assert_err, assert_yaku, han_of, hand, meld, ok};
use engine::mahjong::{MeldType, Rules, ScoreError};

/// Ron2 with every shipped local yaku (its built-in mangan renhou switched off for the
/// data one).
fn local() -> Rules {
    Rules::from_toml(
        "extends = \"ron2\"\nname = \"club\"\n[yaku]\nrenhou = \"none\"\n[yaku.local]\ninclude = [\"local_yaku\"]\n",
    )
    .unwrap()
}

/// Ron2 plus `extra` TOML text (sections of its own).
fn with(extra: &str) -> Result<Rules, String> {
    Rules::from_toml(&format!("extends = \"ron2\"\nname = \"club\"\n{extra}")).map_err(|e| e.to_string())
}

#[test]
fn isshoku_sanjun_three_of_one_sequence() {
    let r = ok(&local(), &hand("123123123p456s99m", "9m"));
    assert_eq!(han_of(&r, "isshoku_sanjun"), Some(3));
    assert_eq!(han_of(&r, "iipeikou"), None, "superseded");
    let mut s = hand("123123p456s99m", "9m");
    s.melds = vec![meld(MeldType::Chi, "123p", true)];
    assert_eq!(han_of(&ok(&local(), &s), "isshoku_sanjun"), Some(2), "open: 2 han");
    // Near miss: two copies and a shifted one.
    let r = ok(&local(), &hand("123123234p456s99m", "9m"));
    assert_eq!((han_of(&r, "isshoku_sanjun"), han_of(&r, "iipeikou")), (None, Some(1)));
}

#[test]
fn isshoku_yonjun_four_of_one_sequence() {
    let r = ok(&local(), &hand("11112222333355s", "5s"));
    assert_yaku(&r, &[("isshoku_yonjun", 13)]);
    assert_eq!(r.yakuman_multiplier, 1);
    let r = ok(&local(), &hand("11122223333455s", "5s"));
    assert_eq!(han_of(&r, "isshoku_yonjun"), None);
}

#[test]
fn shiisanputa_unconnected_on_the_first_draw() {
    let mut s = hand("147m258p369s12344z", "4z");
    s.tsumo = true;
    s.chiihou = false;
    assert_err(&local(), &s, ScoreError::NotWinning);
    s.chiihou = true;
    assert_yaku(&ok(&local(), &s), &[("shiisanputa", 13)]);
    // Near misses: 1m and 3m make a partial set; a ron.
    let mut near = hand("137m258p369s12344z", "4z");
    near.tsumo = true;
    near.chiihou = true;
    assert_err(&local(), &near, ScoreError::NotWinning);
    let mut ron = hand("147m258p369s12344z", "4z");
    ron.renhou = true;
    assert_err(&local(), &ron, ScoreError::NotWinning);
}

#[test]
fn beni_kujaku_only_red_tiles() {
    let mut s = hand("555s777s999s77z", "7z");
    s.melds = vec![meld(MeldType::Pon, "111s", true)];
    assert_eq!(han_of(&ok(&local(), &s), "beni_kujaku"), Some(13));
    s.closed = "555s777s888s77z".into();
    assert_eq!(han_of(&ok(&local(), &s), "beni_kujaku"), None);
}

#[test]
fn daichisei_seven_honour_pairs_replaces_tsuuiisou() {
    let r = ok(&local(), &hand("11223344556677z", "7z"));
    assert_yaku(&r, &[("daichisei", 26)]);
    assert_eq!(r.yakuman_multiplier, 2);
    let r = ok(&Rules::ron2(), &hand("11223344556677z", "7z"));
    assert_yaku(&r, &[("tsuuiisou", 13)]);
    let r = ok(&local(), &hand("112233445566z99m", "9m"));
    assert_eq!(han_of(&r, "daichisei"), None);
}

#[test]
fn renhou_a_non_dealer_first_go_around_ron() {
    let mut s = hand("123m456p789s234s99m", "4s");
    s.renhou = true;
    assert_yaku(&ok(&local(), &s), &[("renhou", 13)]);
    s.renhou = false;
    assert_eq!(han_of(&ok(&local(), &s), "renhou"), None);
    // The built-in mangan renhou must be off to replace it.
    let e = with("[yaku.local]\ninclude = [\"local_yaku.renhou\"]\n").unwrap_err();
    assert!(e.contains("yaku `renhou`") && e.contains("switch it off"), "{e}");
}

#[test]
fn uumensai_all_five_groups() {
    let r = ok(&local(), &hand("123m456p789s111z77z", "7z"));
    assert_eq!(han_of(&r, "uumensai"), Some(2));
    let mut s = hand("123m456p789s111z99m", "9m");
    s.riichi = true;
    assert_eq!(han_of(&ok(&local(), &s), "uumensai"), None, "no dragon");
}

#[test]
fn sanpuukou_three_wind_triplets() {
    let mut s = hand("678s99p", "9p");
    s.melds =
        vec![meld(MeldType::Pon, "111z", true), meld(MeldType::Pon, "222z", true), meld(MeldType::Pon, "333z", true)];
    assert_eq!(han_of(&ok(&local(), &s), "sanpuukou"), Some(2));
    s.melds[2] = meld(MeldType::Pon, "555z", true);
    assert_eq!(han_of(&ok(&local(), &s), "sanpuukou"), None);
}

#[test]
fn kinmonkyou_bridged_sequences_closed() {
    let r = ok(&local(), &hand("123345567789m11z", "1z"));
    assert_yaku(&r, &[("kinmonkyou", 13)]);
    let mut s = hand("123345567m11z", "1z");
    s.melds = vec![meld(MeldType::Chi, "789m", true)];
    assert_eq!(han_of(&ok(&local(), &s), "kinmonkyou"), None, "open");
    let r = ok(&local(), &hand("123345567m789p11z", "1z").tap(|s| s.riichi = true));
    assert_eq!(han_of(&r, "kinmonkyou"), None, "two suits");
}

#[test]
fn shiiaru_raotai_four_calls_and_a_single_wait() {
    let mut s = hand("55z", "5z");
    s.melds = vec![
        meld(MeldType::Chi, "123m", true),
        meld(MeldType::Pon, "444p", true),
        meld(MeldType::Chi, "678s", true),
        meld(MeldType::Pon, "999s", true),
    ];
    assert_yaku(&ok(&local(), &s), &[("shiiaru_raotai", 1)]);
    s.tsumo = true;
    assert_err(&local(), &s, ScoreError::NoYaku);
}

#[test]
fn a_yaku_priced_zero_in_yaku_han_is_off_and_a_re_price_counts() {
    let off = with("[yaku.local]\ninclude = [\"local_yaku.uumensai\"]\n[yaku.han]\nuumensai = [0, 0]\n").unwrap();
    assert_eq!(han_of(&ok(&off, &hand("123m456p789s111z77z", "7z")), "uumensai"), None);
    let five = with("[yaku.local]\ninclude = [\"local_yaku.uumensai\"]\n[yaku.han]\nuumensai = [5, 4]\n").unwrap();
    assert_eq!(han_of(&ok(&five, &hand("123m456p789s111z77z", "7z")), "uumensai"), Some(5));
    assert_eq!(five.yaku.local.len(), 1, "only the one named");
}

#[test]
fn own_sections_and_precedence() {
    let text = "[yaku.local.pure_straight_plus]\nform = \"standard\"\nsuit_sequences = [1, 4, 7]\nclosed = true\nhan = [3, 0]\nsupersedes = [\"ittsu\"]\n";
    let r = with(text).unwrap();
    let res = ok(&r, &hand("123456789p234s55m", "5m"));
    assert_eq!((han_of(&res, "pure_straight_plus"), han_of(&res, "ittsu")), (Some(3), None));
    let yields =
        "[yaku.local.big]\nform = \"standard\"\nsuit_sequences = [1, 4, 7]\nhan = [3, 3]\nexcludes = [\"ittsu\"]\n";
    let res = ok(&with(yields).unwrap(), &hand("123456789p234s55m", "5m"));
    assert_eq!((han_of(&res, "big"), han_of(&res, "ittsu")), (None, Some(2)));
}

#[test]
fn bad_definitions_are_one_line_errors_naming_the_yaku_and_the_key() {
    for (text, want) in [
        ("[yaku.local.x]\nhan = [1, 1]\ntiles_onyl = \"1m\"\n", "tiles_onyl"),
        ("[yaku.local.x]\nhan = [1, 1]\ntriplets = { min = 3, max = 2 }\n", "key `triplets`"),
        ("[yaku.local.x]\nhan = [1, 1]\ntriplet_run = 3\n", "key `form`"),
        ("[yaku.local.x]\nform = \"seven_pairs\"\nhan = [2, 1]\n", "closed-only"),
        ("[yaku.local.x]\ntiles_only = \"1m\"\ntiles_all = \"2m\"\nhan = [1, 1]\n", "key `tiles_all`"),
        ("[yaku.local.x]\ntiles_only = \"1x\"\nhan = [1, 1]\n", "key `tiles_only`"),
        ("[yaku.local.x]\nclosed = true\n", "no value"),
        ("[yaku.local.x]\nhan = [1, 1]\nyakuman = 1\n", "key `yakuman`"),
        ("[yaku.local.x]\nhan = [1, 1]\nsupersedes = [\"nothing\"]\n", "unknown yaku `nothing`"),
        (
            "[yaku.local.a]\nhan = [1, 1]\nsupersedes = [\"b\"]\n[yaku.local.b]\nhan = [1, 1]\nsupersedes = [\"a\"]\n",
            "cycle",
        ),
        ("[yaku.local.a]\nhan = [1, 1]\nexcludes = [\"a\"]\n", "cycle"),
        ("[yaku.han]\nnot_a_yaku = [1, 1]\n", "unknown key `not_a_yaku`"),
        ("[yaku.local]\ninclude = [\"local_yaku.nope\"]\n", "no such yaku"),
        ("[yaku.local]\ninclude = [\"other\"]\n", "unknown yaku file"),
        ("[yaku.local.Bad]\nhan = [1, 1]\n", "lower_snake_case"),
    ] {
        let e = with(text).unwrap_err();
        assert!(e.contains(want) && !e.contains('\n'), "{text}: {e}");
    }
}

#[test]
fn errors_name_the_line_where_the_file_has_it() {
    let text = "name = \"club\"\n".to_string() + &Rules::PRESETS.text("ron2").unwrap().replace("name = \"ron2\"\n", "");
    let bad = text.replace("include = []", "include = []\n\n[yaku.local.x]\nhan = [1, 1]\ntriplet_run = 3");
    let e = Rules::from_toml(&bad).unwrap_err().to_string();
    assert!(e.contains("line ") && e.contains("yaku `x`"), "{e}");
    let cycle = text.replace("include = []", "include = []\n\n[yaku.local.a]\nhan = [1, 1]\nexcludes = [\"a\"]");
    let e = Rules::from_toml(&cycle).unwrap_err().to_string();
    assert!(e.contains("line ") && e.contains("cycle"), "{e}");
    // A file that extends a preset is read merged: the key is found in its own text.
    let e = with("\n[yaku.local.x]\nhan = [1, 1]\ntripletz = 3\n").unwrap_err();
    assert!(e.contains("line 6, column 1") && e.contains("`tripletz`"), "{e}");
    let e = with("\n[yaku.local.x]\nhan = [1, 1]\ntriplets = { min = 3, max = 2 }\n").unwrap_err();
    assert!(e.contains("line 6, column 1") && e.contains("key `triplets`"), "{e}");
    let e = with("\n[yaku.local.x]\nhan = [1, 1]\ntriplet_run = 3\n").unwrap_err();
    assert!(e.contains("line 4, column ") && e.contains("key `form`"), "the section when the key is not there: {e}");
}

/// `Situation` edits in an expression.
trait Tap: Sized {
    fn tap(self, f: impl FnOnce(&mut Self)) -> Self;
}

impl Tap for engine::mahjong::Situation {
    fn tap(mut self, f: impl FnOnce(&mut Self)) -> Self {
        f(&mut self);
        self
    }
}

/// A data yaku fires exactly when its conditions hold: on seeded random complete hands
/// (random sets, some called, tsumo or ron), a probe yaku with random conditions on the tiles,
/// the openness, the win and the suits is listed in a scored hand if and only if a reference
/// check of those conditions on the hand says so (a yakuman hand lists no regular yaku).
#[test]
fn a_data_yaku_fires_exactly_on_the_hands_its_conditions_accept() {
    use rand::{RngExt, SeedableRng};
    let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(35);
    let only = ["123456789m", "123456789p1234567z", "19m19p19s1234567z", "2345678m2345678p2345678s", ""];
    let (mut fired, mut scored) = (0, 0);
    for case in 0..1500 {
        let tiles_only = only[rng.random_range(0..only.len())];
        let closed = [None, Some(true), Some(false)][rng.random_range(0..3)];
        let tsumo_only = [None, Some(true), Some(false)][rng.random_range(0..3)];
        let suits: Option<u8> = [None, Some(1), Some(2), Some(3)][rng.random_range(0..4)];
        let open_han = if closed == Some(true) { 0 } else { 1 };
        let mut def = format!("[yaku.local.probe]\nhan = [1, {open_han}]\n");
        if !tiles_only.is_empty() {
            def += &format!("tiles_only = \"{tiles_only}\"\n");
        }
        if let Some(c) = closed {
            def += &format!("closed = {c}\n");
        }
        if let Some(t) = tsumo_only {
            def += &format!("win = \"{}\"\n", if t { "tsumo" } else { "ron" });
        }
        if let Some(n) = suits {
            def += &format!("number_suits = {n}\n");
        }
        let rules = with(&def).unwrap();
        let (s, kinds, open) = random_hand(&mut rng);
        let Ok(r) = engine::mahjong::score(&rules, &s) else { continue };
        let allowed = engine::mahjong::parse_kinds(tiles_only).unwrap();
        let holds = (tiles_only.is_empty() || kinds.iter().all(|k| allowed.contains(k)))
            && closed.is_none_or(|c| c != open)
            && tsumo_only.is_none_or(|t| t == s.tsumo)
            && suits.is_none_or(|n| {
                let mut present = [false; 3];
                kinds.iter().filter(|k| !k.is_honor()).for_each(|k| present[k.suit() as usize] = true);
                present.iter().filter(|&&p| p).count() as u8 == n
            });
        let listed = han_of(&r, "probe").is_some();
        assert_eq!(listed, holds && r.yakuman_multiplier == 0, "case {case}: {def} {s:?} {r:?}");
        fired += listed as u32;
        scored += 1;
    }
    assert!(fired > 30 && scored - fired > 30, "the probe fired on {fired} of {scored} scored hands");
}

/// A random complete standard hand: four sets (each maybe called) and a pair, the winning
/// tile drawn from the concealed ones; with its kinds (melds included) and whether it is open.
fn random_hand(rng: &mut rand_chacha::ChaCha8Rng) -> (engine::mahjong::Situation, Vec<engine::mahjong::Tile>, bool) {
    use engine::mahjong::Tile;
    use rand::RngExt;
    let tile = |i: usize| Tile::from_index(i as u8).unwrap();
    loop {
        let mut counts = [0u8; 34];
        let mut melds = Vec::new();
        let mut concealed = [0u8; 34];
        let pair = rng.random_range(0..34);
        counts[pair] += 2;
        concealed[pair] += 2;
        for _ in 0..4 {
            let sequence = rng.random_bool(0.6);
            let first =
                if sequence { 9 * rng.random_range(0..3) + rng.random_range(0..7) } else { rng.random_range(0..34) };
            let kinds: Vec<usize> = if sequence { (first..first + 3).collect() } else { vec![first; 3] };
            kinds.iter().for_each(|&k| counts[k] += 1);
            let text: String = kinds.iter().map(|&k| tile(k).to_string()).collect();
            if rng.random_bool(0.3) {
                melds.push(meld(if sequence { MeldType::Chi } else { MeldType::Pon }, &text, true));
            } else {
                kinds.iter().for_each(|&k| concealed[k] += 1);
            }
        }
        if counts.iter().any(|&c| c > 4) {
            continue;
        }
        let held: Vec<usize> = (0..34).filter(|&k| concealed[k] > 0).collect();
        let win = held[rng.random_range(0..held.len())];
        let closed: String =
            (0..34).flat_map(|k| std::iter::repeat_n(tile(k).to_string(), concealed[k] as usize)).collect();
        let mut s = hand(&closed, &tile(win).to_string());
        let open = !melds.is_empty();
        s.melds = melds;
        s.tsumo = rng.random_bool(0.5);
        s.riichi = !open && rng.random_bool(0.3);
        let kinds = (0..34).filter(|&k| counts[k] > 0).map(tile).collect();
        return (s, kinds, open);
    }
}
