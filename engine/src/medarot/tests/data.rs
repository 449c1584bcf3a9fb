//! Card, deck and rules files.

use super::*;

fn card_error(text: &str) -> (String, String, String) {
    match CardPool::from_toml(text) {
        Err(e @ MedarotError::Card { .. }) => {
            let shown = e.to_string();
            let MedarotError::Card { card, field, .. } = e else { unreachable!() };
            (card, field, shown)
        }
        other => panic!("expected a card error, got {other:?}"),
    }
}

const GOOD: &str = r#"
[[card]]
kind = "medarot"
name = "Tester"
power = 30
armour = 20
speed = 4
cost = 2
arrows = ["F", "BL"]
attack = "melee"
effects = { pierce = true, end_heal = 1 }
"#;

#[test]
fn a_card_file_parses_into_the_pool() {
    let pool = CardPool::from_toml(GOOD).unwrap();
    let c = pool.card(CardId(0));
    assert_eq!((c.kind, c.power, c.armour, c.speed, c.cost), (CardKind::Medarot, 30, 20, 4, 2));
    assert!(c.arrows.has(Dir::F) && c.arrows.has(Dir::BL) && !c.arrows.has(Dir::B));
    assert_eq!(c.arrows.count(), 2);
    assert!(c.effects.pierce && c.effects.end_heal == 1);
}

#[test]
fn a_malformed_card_names_the_card_and_the_field() {
    let (card, field, shown) = card_error(&GOOD.replace("power = 30\n", ""));
    assert_eq!((card.as_str(), field.as_str()), ("Tester", "power"));
    assert!(shown.contains("'Tester'") && shown.contains("`power`") && shown.contains("missing"), "{shown}");
    let (card, field, _) = card_error(&GOOD.replace("speed = 4", "speed = \"fast\""));
    assert_eq!((card.as_str(), field.as_str()), ("Tester", "speed"));
    let (_, field, _) = card_error(&GOOD.replace("armour = 20", "armour = 999"));
    assert_eq!(field, "armour");
    let (_, field, _) = card_error(&GOOD.replace("pierce = true", "explode = true"));
    assert_eq!(field, "effects.explode");
    let (_, field, shown) = card_error(&GOOD.replace("pierce = true", "cancel = true"));
    assert_eq!(field, "effects.cancel");
    assert!(shown.contains("not allowed"), "{shown}");
    let (_, field, _) = card_error(&GOOD.replace("\"BL\"", "\"UP\""));
    assert_eq!(field, "arrows");
    let (_, field, _) = card_error(&GOOD.replace("attack = \"melee\"", "attack = \"laser\""));
    assert_eq!(field, "attack");
    let (_, field, _) = card_error(&GOOD.replace("kind = \"medarot\"", "kind = \"robot\""));
    assert_eq!(field, "kind");
    let (_, field, _) = card_error(&format!("{GOOD}colour = \"red\"\n"));
    assert_eq!(field, "colour");
    let (card, field, _) = card_error(&GOOD.replace("name = \"Tester\"\n", ""));
    assert_eq!((card.as_str(), field.as_str()), ("?", "name"));
}

#[test]
fn pool_level_checks() {
    let (_, field, shown) = card_error(&format!("{GOOD}{GOOD}"));
    assert_eq!(field, "name");
    assert!(shown.contains("already"), "{shown}");
    let orphan = "[[card]]\nkind = \"medachange\"\nname = \"Nobody\"\npower = 1\narmour = 1\nspeed = 1\narrows = [\"F\"]\nattack = \"shoot\"\n";
    let (card, field, _) = card_error(orphan);
    assert_eq!((card.as_str(), field.as_str()), ("Nobody", "name"));
    assert!(matches!(CardPool::from_toml("[[card]\n"), Err(MedarotError::Toml { .. })));
}

#[test]
fn the_example_pool_and_decks_are_valid() {
    let pool = CardPool::example();
    assert_eq!(pool.len(), 43, "40 cards and 3 vanilla ones");
    let decks = Deck::examples(&pool).unwrap();
    assert_eq!(decks.len(), 4);
    for d in &decks {
        assert!(d.cards.iter().all(|&c| d.copies(c) <= MAX_COPIES), "{}", d.name);
    }
    for kind in [CardKind::Medarot, CardKind::Medachange, CardKind::Medarotter] {
        let v = pool.vanilla(kind).unwrap();
        assert!(pool.card(v).effects == Effects::default() || kind == CardKind::Medarotter, "{kind}");
        assert!(decks.iter().all(|d| d.copies(v) == 0), "vanilla cards are in no deck");
    }
    assert_eq!(pool.base_of(pool.vanilla(CardKind::Medachange).unwrap()), pool.vanilla(CardKind::Medarot));
    let medarot = med(&pool, "Beetle Gunner");
    let change = chg(&pool, "Beetle Gunner");
    assert_eq!(pool.base_of(change), Some(medarot));
    assert_eq!((decks[0].copies(medarot), decks[0].copies(change)), (3, 2), "counted separately");
}

#[test]
fn extra_cards_join_the_pool_under_the_same_checks() {
    let pool = CardPool::example();
    let mut copy = pool.card(med(&pool, "Cat Blade")).clone();
    let e = pool.with_cards([copy.clone()]).unwrap_err();
    assert!(e.to_string().contains("already in the pool"), "{e}");
    copy.name = "Cat Blade [power+10]".into();
    copy.power += 10;
    let mut change = pool.card(chg(&pool, "Cat Blade")).clone();
    change.name = copy.name.clone();
    let bigger = pool.with_cards([copy, change]).unwrap();
    assert_eq!(bigger.len(), pool.len() + 2);
    let (new, new_change) = (CardId(pool.len() as u16), CardId(pool.len() as u16 + 1));
    assert_eq!((bigger.card(new).power, bigger.base_of(new_change)), (40, Some(new)));
}

#[test]
fn deck_building_limits() {
    let pool = CardPool::example();
    let base = test_deck(&pool).cards;
    let mut long = base.to_vec();
    long.push(base[0]);
    let e = Deck::new(&pool, "Long", &long).unwrap_err();
    assert!(e.to_string().contains("31 cards"), "{e}");
    let e = Deck::new(&pool, "Short", &base[1..]).unwrap_err();
    assert!(e.to_string().contains("29 cards"), "{e}");
    let mut four = base;
    four[1..4].fill(base[0]);
    let e = Deck::new(&pool, "Greedy", &four).unwrap_err();
    assert!(e.to_string().contains("4 copies of medarot 'Beetle Gunner'"), "{e}");
    let mut three = base;
    three[1..3].fill(base[0]);
    assert!(Deck::new(&pool, "Ok", &three).is_ok());

    let file = |count: usize, kind: &str| {
        format!(
            "[[deck]]\nname = \"D\"\ncards = [{{ card = \"Beetle Gunner\", kind = \"{kind}\", count = {count} }}, {{ card = \"Scout\", count = 3 }}]\n"
        )
    };
    let e = Deck::from_toml(&pool, &file(4, "medarot")).unwrap_err();
    assert!(e.to_string().contains("4 copies"), "{e}");
    let e = Deck::from_toml(&pool, &file(3, "medarot")).unwrap_err();
    assert!(e.to_string().contains("6 cards"), "{e}");
    let e = Deck::from_toml(&pool, &file(3, "medarot").replace(", kind = \"medarot\"", "")).unwrap_err();
    assert!(e.to_string().contains("several kinds"), "{e}");
    let e = Deck::from_toml(&pool, &file(3, "medarot").replace("Scout", "Nobody")).unwrap_err();
    assert!(e.to_string().contains("'Nobody' is not in the pool"), "{e}");
    let e = Deck::from_toml(&pool, &file(3, "medarot").replace("count = 3 }]", "cout = 2 }]")).unwrap_err();
    assert!(e.to_string().contains("card 'Scout': unknown field `cout`"), "{e}");
}

#[test]
fn deck_names_differ_within_a_file() {
    let pool = CardPool::example();
    let shipped = Deck::PRESETS.list[0].1;
    let first = &shipped[shipped.find("[[deck]]").unwrap()..];
    let first = &first[..first[8..].find("[[deck]]").map_or(first.len(), |i| i + 8)];
    assert!(Deck::from_toml(&pool, first).is_ok());
    let e = Deck::from_toml(&pool, &format!("{first}\n{first}")).unwrap_err().to_string();
    assert!(e.contains("deck 2 has the name of an earlier deck"), "{e}");
}

#[test]
fn an_empty_card_file_is_a_card_file_error() {
    for text in ["", "# nothing yet\n"] {
        let (card, field, shown) = card_error(text);
        assert_eq!((card.as_str(), field.as_str()), ("?", "card"));
        assert!(shown.contains("the card file has no `[[card]]` tables"), "{shown}");
    }
}

#[test]
fn rules_presets() {
    let r = Rules::default();
    assert_eq!((r.base_hp, r.first_player, r.shoot_adjacent), (20, FirstPlayer::Random, false));
    assert_eq!(r.power_change_cost, PowerChangeCost::EachAction);
    let names: Vec<&str> = Rules::PRESETS.list.iter().map(|p| p.0).collect();
    assert_eq!(
        names,
        [
            "advance",
            "advance-long-shot",
            "advance-transform-cost",
            "advance-every-turn-penalty",
            "advance-centre-fallback"
        ]
    );
    assert_eq!((r.centre_fallback, r.move_penalty), (false, MovePenalty::Attack), "the text's readings by default");
    assert_eq!(Rules::preset("advance-every-turn-penalty").unwrap().move_penalty, MovePenalty::EveryTurn);
    assert!(Rules::preset("advance-centre-fallback").unwrap().centre_fallback);
    let e = Rules::preset("nope").unwrap_err();
    assert!(e.to_string().contains("unknown medarot rules preset `nope` (built-in: advance,"), "{e}");
    let text = "[x]\nbase_hp = 20\nfirst_player = \"random\"\nshoot_adjacent = false\npower_change_cost = \"each_action\"\nmax_mulligans = 1\ncentre_fallback = true\nmove_penalty = \"attack\"\n";
    assert!(Rules::from_toml(text, "x").is_ok());
    let flat = text.replace("[x]\n", "");
    let one = Rules::from_toml(&flat, "my-rules.toml").unwrap();
    assert_eq!((one.base_hp, one.max_mulligans), (20, 1), "a file of one preset, fields at the top");
    let e = Rules::from_toml(&flat.replace("base_hp = 20", "base_hp = 0"), "my-rules.toml").unwrap_err();
    assert!(e.to_string().contains("base_hp must be at least 1"), "{e}");
    let e = Rules::from_toml(&flat.replace("centre_fallback = true\n", ""), "my-rules.toml").unwrap_err();
    assert!(e.to_string().contains("centre_fallback"), "{e}");
    let e = Rules::from_toml(&format!("{text}colour = 1\n"), "x").unwrap_err();
    assert!(e.to_string().contains("colour"), "{e}");
    let e = Rules::from_toml(&text.replace("\"random\"", "\"loser\""), "x").unwrap_err();
    assert!(e.to_string().contains("loser"), "{e}");
}

#[test]
fn an_empty_rules_file_names_its_first_missing_field_not_an_empty_preset_list() {
    for empty in ["", "# nothing yet\n"] {
        let e = Rules::from_toml(empty, "mine.toml").unwrap_err().to_string();
        assert!(e.contains("missing field `base_hp`") && !e.contains("known: )"), "{e}");
    }
}

#[test]
fn a_card_without_arrows_or_with_a_control_character_in_its_name_is_refused() {
    let (card, field, shown) = card_error(&GOOD.replace("[\"F\", \"BL\"]", "[]"));
    assert_eq!((card.as_str(), field.as_str()), ("Tester", "arrows"));
    assert!(shown.contains("is empty"), "{shown}");
    let (_, field, shown) = card_error(&GOOD.replace("\"Tester\"", "\"Te\\u0000ster\""));
    assert_eq!(field, "name");
    assert!(shown.contains("control character"), "{shown}");
}

#[test]
fn strategy_files_load_and_errors_name_the_problem() {
    let text = StrategyConfig::PRESETS.text("heuristic").unwrap();
    let StrategyConfig::Heuristic(shipped) = StrategyConfig::from_toml(text).unwrap() else { panic!("a heuristic") };
    assert_eq!((shipped.low_hp, shipped.attack.destroy), (12, 100));
    let tuned = StrategyConfig::from_toml(&text.replace("low_hp = 12", "low_hp = 9")).unwrap();
    assert!(matches!(tuned, StrategyConfig::Heuristic(c) if c.low_hp == 9 && c.attack == shipped.attack));
    assert_eq!(StrategyConfig::from_toml("strategy = \"random\"\n").unwrap(), StrategyConfig::Random);
    let e = StrategyConfig::from_toml(&text.replace("swap = -10", "swop = -10")).unwrap_err().to_string();
    assert!(e.contains("swop") && !e.contains('\n'), "{e}");
    let e = StrategyConfig::from_toml("strategy = \"greedy\"\n").unwrap_err().to_string();
    assert!(e.contains("greedy"), "{e}");
    let e = StrategyConfig::preset("clever").unwrap_err().to_string();
    assert_eq!(e, "unknown medarot strategy `clever` (built-in: random, heuristic, heuristic-2026)");
}

#[test]
fn a_strategy_file_may_give_only_the_tables_it_changes() {
    let StrategyConfig::Heuristic(shipped) = heuristic() else { panic!("a heuristic") };
    let text = "strategy = \"heuristic\"\nlow_hp = 4\n";
    let StrategyConfig::Heuristic(c) = StrategyConfig::from_toml(text).unwrap() else { panic!("a heuristic") };
    assert_eq!(c, HeuristicConfig { low_hp: 4, ..shipped });
    let e = StrategyConfig::from_toml("strategy = \"heuristic\"\n[attack]\ndestroy = 1\n").unwrap_err().to_string();
    assert!(e.contains("discard_all"), "a table given is given whole: {e}");
}
