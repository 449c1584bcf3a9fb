//! Match-level tests: rules, invariants and yaku occurrence under the default profile.

use super::*;
use crate::testing::{ByFn, Everyone, PlayCheck, Validate, check_game, check_play, ensure};
use crate::{Game, GameSeeds, StrategyChoice, Table};
use rand::RngExt;

pub(crate) fn play_many(
    game: &RackupGame,
    kinds: [StrategyConfig; 2],
    seed: u64,
    n: u64,
    mut each: impl FnMut(u64, &MatchOutcome, &RackupState),
) {
    let seeds = GameSeeds::new(seed);
    let mut table = Table::new(game);
    let mut players = kinds.map(StrategyConfig::boxed);
    for i in 0..n {
        let mut rng = seeds.rng(i);
        let o = table.play(game, &mut players, &mut rng);
        each(i, &o, table.state());
    }
}

/// Points conserved; while the match goes on: kans, HP and barricades within
/// the rules, riichi and calls never in one round, every round opened by the
/// right seat's dora die.
impl Validate for RackupGame {
    fn validate(&self, st: &RackupState) -> Result<(), String> {
        let r = &self.profile().rules;
        let points = u32::from(st.points[0]) + u32::from(st.points[1]);
        ensure(points == 2 * u32::from(r.start_points), || format!("points add up to {points}"))?;
        if self.to_move(st).is_none() {
            return Ok(());
        }
        ensure(st.kans <= r.max_kans, || format!("{} kans", st.kans))?;
        for s in 0..2 {
            ensure(st.hp[s] <= self.max_hp[s] && st.hp[s] > 0, || format!("HP {:?}", st.hp))?;
            let barricades = st.held[s] + st.field[s] + st.spent[s];
            ensure(barricades <= r.barricades, || format!("seat {s} has {barricades} barricades"))?;
            ensure(!(st.riichi_used[s] && st.call_used[s]), || "riichi and calls in one round".into())?;
        }
        let roller = st.first_roller ^ ((st.round - 1) % 2);
        match st.log.events().first() {
            Some(Event::Dora { kind: log::DoraKind::Omote, seat, .. }) if *seat == roller => Ok(()),
            other => Err(format!("round must open with seat {roller}'s dora die: {other:?}")),
        }
    }
}

/// The most decisions of a match: far above the rules' round limit.
const MAX_DECISIONS: usize = 100_000;

/// Plays one match decision by decision with `choose`, with the shared harness's checks.
pub(super) fn play_checked(
    game: &RackupGame,
    rng: &mut crate::GameRng,
    choose: impl FnMut(&RackupView<'_>, &[Action], &mut crate::GameRng) -> Action + Send,
) -> RackupState {
    check_game(game, &mut Everyone { seats: 2, strategy: ByFn(choose) }, rng, MAX_DECISIONS).unwrap().state
}

fn check_outcome(game: &RackupGame, o: &MatchOutcome) {
    let r = &game.profile().rules;
    assert_eq!(u32::from(o.points[0]) + u32::from(o.points[1]), 2 * u32::from(r.start_points));
    match o.end {
        MatchEnd::Bust => assert!(o.points.contains(&0)),
        MatchEnd::Rounds => {
            assert!(o.rounds >= r.rounds);
            assert_ne!(o.points[0], o.points[1]);
        }
        MatchEnd::RoundLimit => assert_eq!(o.round_attempts, r.max_rounds),
        MatchEnd::Running => panic!("match not finished"),
    }
    let expected = match o.points[0].cmp(&o.points[1]) {
        std::cmp::Ordering::Greater => Some(0),
        std::cmp::Ordering::Less => Some(1),
        std::cmp::Ordering::Equal => None,
    };
    assert_eq!(o.winner, expected);
    assert!(o.round_attempts >= o.rounds);
    let finished = o.wins[0] + o.wins[1] + o.no_yaku[0] + o.no_yaku[1] + o.mutual + o.aborted;
    assert!(finished + o.chombo[0][2] + o.chombo[1][2] + 1 >= o.round_attempts);
    for s in 0..2 {
        let yaku_rounds: u32 = o.yaku[s].iter().map(|&c| u32::from(c)).sum();
        assert!(yaku_rounds >= u32::from(o.wins[s]), "every win has a yaku");
        assert_eq!(o.tiers[s].iter().sum::<u8>(), o.wins[s]);
        assert!(o.riichi_won[s] <= o.riichi_declared[s]);
        for (&times, &points) in o.yaku[s].iter().zip(&o.yaku_points[s]) {
            assert!(points >= u16::from(times) && (points > 0) == (times > 0), "{times} wins, {points} points");
        }
    }
    let decided = o.wins[0] + o.wins[1] + o.no_yaku[0] + o.no_yaku[1];
    assert!(o.initiative_wins <= decided);
}

/// With all the speed, seat 0 takes every initiative: its wins are the
/// initiative's wins.
#[test]
fn initiative_wins_count_the_first_active_shoots_taker() {
    let mut p = Profile::preset("default").unwrap();
    p.players[0].speed = 1e12;
    let game = RackupGame::new(p).unwrap();
    let mut some = 0;
    play_many(&game, [kind("heuristic"); 2], 9, 200, |_, o, _| {
        assert_eq!(o.initiative_wins, o.wins[0] + o.no_yaku[0], "{o:?}");
        some += u32::from(o.wins[1] > 0);
    });
    assert!(some > 0, "seat 1 wins rounds too");
}

#[test]
fn points_conserved_and_states_valid_over_many_seeds() {
    let game = RackupGame::preset("default").unwrap();
    let mut extra = 0;
    for (k, kinds) in
        [[kind("random"); 2], [kind("heuristic"), kind("random")], [kind("riichi-always"), kind("riichi-never")]]
            .into_iter()
            .enumerate()
    {
        let mut players = kinds.map(StrategyConfig::boxed);
        let check = PlayCheck { games: 1_500, seed: 100 + k as u64, max_decisions: MAX_DECISIONS };
        let stats = check_play(&game, &mut players, &check).unwrap_or_else(|e| panic!("{kinds:?}: {e}"));
        assert!(stats.decisions > 1_500 * 10, "{stats:?}");
        let seeds = GameSeeds::new(check.seed);
        for i in 0..check.games {
            let o = crate::Table::new(&game).play(&game, &mut players, &mut seeds.rng(i));
            check_outcome(&game, &o);
            extra += usize::from(o.rounds > 4);
        }
    }
    assert!(extra > 0, "some matches go to extra rounds");
    // The plain table runner: many more matches, outcome checks only.
    for kinds in [[kind("random"); 2], [kind("heuristic"); 2]] {
        play_many(&game, kinds, 7, 30_000, |_, o, _| check_outcome(&game, o));
    }
}

#[test]
fn same_seed_same_match() {
    let game = RackupGame::preset("default").unwrap();
    let mut a = Vec::new();
    let mut b = Vec::new();
    play_many(&game, [kind("random"); 2], 3, 50, |_, o, _| a.push(*o));
    play_many(&game, [kind("random"); 2], 3, 50, |_, o, _| b.push(*o));
    assert_eq!(a, b);
}

/// Every yaku occurs under the default profile (random play explores every
/// declaration, kan and counter; heuristic play is checked to score too).
#[test]
fn every_yaku_occurs_under_default_profile() {
    let game = RackupGame::preset("default").unwrap();
    let mut counts = [0u64; Yaku::COUNT];
    play_many(&game, [kind("random"); 2], 11, 150_000, |_, o, _| {
        for y in Yaku::ALL {
            counts[y as usize] += u64::from(o.yaku_total(y));
        }
    });
    let missing: Vec<_> = Yaku::ALL.iter().filter(|y| counts[**y as usize] == 0).collect();
    assert!(missing.is_empty(), "never scored: {missing:?}");
    let mut heuristic = [0u64; Yaku::COUNT];
    let mut riichi = 0;
    // The 2026 heuristic, which plays every kind of shot (the tuned one keeps to its plan
    // and so meets fewer yaku).
    play_many(&game, [kind("heuristic-2026"); 2], 12, 50_000, |_, o, _| {
        for y in Yaku::ALL {
            heuristic[y as usize] += u64::from(o.yaku_total(y));
        }
        riichi += u32::from(o.riichi_won[0] + o.riichi_won[1]);
    });
    assert!(riichi > 0 && heuristic[Yaku::Riichi as usize] > 0);
    assert!(heuristic.iter().filter(|&&c| c > 0).count() >= 30);
}

/// A profile with every shot chance zeroed; tests switch on what they need.
pub(super) fn quiet_profile() -> Profile {
    let mut p = Profile::preset("default").unwrap();
    p.rules.foul = 0.0;
    for kind in ShotKind::ALL {
        let k = p.shots.get_mut(kind);
        for x in [
            &mut k.beat_hit,
            &mut k.mine_hit,
            &mut k.flip_out_partial,
            &mut k.flip_out_full,
            &mut k.self_out,
            &mut k.clinch,
            &mut k.technique,
        ] {
            *x = 0.0;
        }
    }
    let n = &mut p.normal;
    for x in [
        &mut n.self_out_after_contact,
        &mut n.turn_over,
        &mut n.mine_out_one,
        &mut n.mine_out_two,
        &mut n.barricade_break,
    ] {
        *x = 0.0;
    }
    p.active.contact = 0.0;
    p.active.self_out = 0.0;
    p.active.mine_out = 0.0;
    p
}

/// Plain shots, no declarations, no counters, stun as penalty.
pub(super) fn plain(_: &RackupView<'_>, legal: &[Action], _: &mut crate::GameRng) -> Action {
    for a in [
        Action::Declare(Decl::None),
        Action::Turn { kan: false, act: Act::Shot(Decl::None, ShotKind::Plain) },
        Action::Counter(false),
        Action::Penalty(log::Penalty::Stun),
    ] {
        if legal.contains(&a) {
            return a;
        }
    }
    panic!("no plain action in {legal:?}")
}

pub(super) fn has_event(st: &RackupState, f: impl Fn(&Event) -> bool) -> bool {
    st.log.events().iter().any(f)
}

#[test]
fn chombo_two_voids_self_out_and_pays() {
    let mut p = quiet_profile();
    p.shots.plain.self_out = 1.0;
    let game = RackupGame::new(p).unwrap();
    let mut rng = GameSeeds::new(1).rng(0);
    let st = play_checked(&game, &mut rng, plain);
    let o = game.outcome(&st);
    // HP 6 → 4 → 2 by self ring-outs, then every self ring-out is void and costs 1:
    // nobody can win a round, so the match ends when one side has paid 10 more.
    assert_eq!(o.end, MatchEnd::Bust);
    assert_eq!(o.wins, [0, 0]);
    assert_eq!(o.no_yaku, [0, 0]);
    let loser = o.points.iter().position(|&p| p == 0).unwrap();
    let paid = |s: usize| i32::from(o.chombo[s][1]);
    assert_eq!(paid(loser) - paid(1 - loser), 10, "chombo ② payments are the only transfers");
    let voided = st
        .log
        .events()
        .iter()
        .any(|e| matches!(e, Event::Shot(s) if s.voided && s.hit == [Hit::None; 2] && s.hp.contains(&2)));
    assert!(voided);
    assert!(has_event(&st, |e| matches!(e, Event::Chombo { case: log::ChomboCase::SelfOut, .. })));
}

#[test]
fn chombo_one_then_three_replays_the_round() {
    let mut p = quiet_profile();
    p.rules.foul = 1.0;
    p.shots.plain.flip_out_full = 1.0;
    let game = RackupGame::new(p).unwrap();
    let mut rng = GameSeeds::new(1).rng(0);
    let st = play_checked(&game, &mut rng, plain);
    let o = game.outcome(&st);
    // Every first action fouls (pay 1), then wins by a full flip-out: chombo ③
    // (pay 1 more), the round is replayed and never scores. The shooter of each
    // replay is drawn, so points walk at random; this seed busts within the limit.
    assert_eq!(o.end, MatchEnd::Bust);
    assert_eq!(o.rounds, 1, "a replay keeps the round number");
    assert!(o.round_attempts > 1);
    assert_eq!(o.wins, [0, 0]);
    let ones = o.chombo[0][0] + o.chombo[1][0];
    let threes = o.chombo[0][2] + o.chombo[1][2];
    assert!(threes >= 1 && ones >= threes);
    // Chombo payments are the only transfers.
    let paid = |s: usize| i32::from(o.chombo[s][0]) + i32::from(o.chombo[s][2]);
    assert_eq!(i32::from(o.points[0]), 10 - paid(0) + paid(1));
}

#[test]
fn tie_after_round_four_plays_extra_rounds() {
    let mut p = quiet_profile();
    p.active.contact = 1.0;
    p.active.active_out = 0.0;
    p.active.double_out = 1.0;
    p.active.clinch = 0.0;
    p.rules.mutual_draw = MutualDraw::DoubleOut;
    p.rules.max_rounds = 9;
    let game = RackupGame::new(p).unwrap();
    let mut rng = GameSeeds::new(3).rng(0);
    let st = play_checked(&game, &mut rng, plain);
    let o = game.outcome(&st);
    assert_eq!(o.mutual, 9);
    assert_eq!(o.rounds, 9);
    assert_eq!((o.end, o.winner, o.points), (MatchEnd::RoundLimit, None, [10, 10]));
}

#[test]
fn riichi_failure_stun_skips_a_turn_and_bans_counters() {
    let game = RackupGame::new(quiet_profile()).unwrap();
    let mut rng = GameSeeds::new(4).rng(0);
    let mut st = game.new_state();
    game.reset(&mut st, &mut rng);
    let mut legal = Vec::new();
    // Both declare nothing before the active shoot.
    while st.to_move.is_some() && st.decision == Decision::Declare {
        game.apply(&mut st, Action::Declare(Decl::None), &mut rng);
    }
    let shooter = game.to_move(&st).unwrap() as u8;
    game.apply(&mut st, Action::Turn { kan: false, act: Act::Shot(Decl::Riichi, ShotKind::Plain) }, &mut rng);
    // No counter blow against a riichi shot: the miss goes straight to the penalty.
    assert_eq!((st.to_move, st.decision), (Some(shooter), Decision::Penalty));
    game.legal_actions(&st, &mut legal);
    assert_eq!(legal.len(), 2);
    game.apply(&mut st, Action::Penalty(log::Penalty::Stun), &mut rng);
    let opponent = 1 - shooter;
    assert_eq!((st.to_move, st.decision), (Some(opponent), Decision::Turn));
    // A plain shot can be countered.
    game.apply(&mut st, Action::Turn { kan: false, act: Act::Shot(Decl::None, ShotKind::Plain) }, &mut rng);
    assert_eq!((st.to_move, st.decision), (Some(shooter), Decision::Counter(Decl::None, ShotKind::Plain)));
    game.apply(&mut st, Action::Counter(false), &mut rng);
    // The stunned shooter skips: the opponent moves again.
    assert_eq!((st.to_move, st.decision), (Some(opponent), Decision::Turn));
    assert!(has_event(&st, |e| *e == Event::Skip { seat: shooter }));
    assert!(has_event(&st, |e| *e == Event::Stun { seat: shooter, cause: log::StunCause::RiichiPenalty }));
    // Calls are now banned for the riichi declarer.
    game.apply(&mut st, Action::Turn { kan: false, act: Act::Shot(Decl::None, ShotKind::Plain) }, &mut rng);
    game.apply(&mut st, Action::Counter(false), &mut rng);
    game.legal_actions(&st, &mut legal);
    assert!(legal.iter().all(|a| !matches!(
        a,
        Action::Turn { kan: true, .. } | Action::Turn { act: Act::Shot(Decl::Meteor | Decl::Snipe, _), .. }
    )));
}

#[test]
fn riichi_failure_with_reset_pending_pays() {
    let mut p = quiet_profile();
    p.shots.plain.clinch = 1.0;
    let game = RackupGame::new(p).unwrap();
    let mut rng = GameSeeds::new(5).rng(0);
    let mut st = game.new_state();
    game.reset(&mut st, &mut rng);
    while st.to_move.is_some() && st.decision == Decision::Declare {
        game.apply(&mut st, Action::Declare(Decl::None), &mut rng);
    }
    let shooter = game.to_move(&st).unwrap();
    game.apply(&mut st, Action::Turn { kan: false, act: Act::Shot(Decl::Riichi, ShotKind::Plain) }, &mut rng);
    // Clinch → re-set: no choice, 1 point paid, a new active shoot.
    assert_eq!(st.points[shooter], 9);
    assert!(st.to_move.is_some() && st.decision == Decision::Declare);
    assert!(has_event(&st, |e| matches!(e, Event::RiichiFailed { penalty: log::Penalty::Pay, .. })));
}

#[test]
fn calls_ban_riichi_and_spells_restrict() {
    let mut p = Profile::preset("default").unwrap();
    p.players[0].spell = Spell::Mirage;
    p.players[1].spell = Spell::Diet;
    let game = RackupGame::new(p).unwrap();
    let mut seen = [false; 2];
    for i in 0..200 {
        let mut rng = GameSeeds::new(6).rng(i);
        play_checked(&game, &mut rng, |v, legal, rng| {
            let s = v.seat as usize;
            for a in legal {
                match a {
                    Action::Declare(Decl::Riichi) | Action::Turn { act: Act::Shot(Decl::Riichi, _), .. } => {
                        assert_eq!(s, 1, "mirage bans riichi");
                        assert!(!v.call_used()[s]);
                        seen[1] = true;
                    }
                    Action::Declare(Decl::Meteor | Decl::Snipe)
                    | Action::Turn { kan: true, .. }
                    | Action::Turn { act: Act::Shot(Decl::Meteor | Decl::Snipe, _), .. } => {
                        assert_eq!(s, 0, "diet bans calls");
                        assert!(!v.riichi_used()[s]);
                        seen[0] = true;
                    }
                    _ => {}
                }
            }
            legal[rng.random_range(0..legal.len())]
        });
    }
    assert_eq!(seen, [true, true]);
}

#[test]
fn a_profile_has_exactly_two_players() {
    let shipped: toml::Table = include_str!("presets/default.toml").parse().unwrap();
    let with_players = |n: usize| {
        let mut t = shipped.clone();
        let players = t["players"].as_array_mut().unwrap();
        let first = players[0].clone();
        players.resize(n, first);
        toml::to_string(&t).unwrap()
    };
    assert!(Profile::from_toml(&with_players(2)).is_ok());
    for n in [0, 1, 3] {
        let e = Profile::from_toml(&with_players(n)).unwrap_err().to_string();
        assert!(e.contains("expected exactly 2 entries") && e.contains("line "), "{n} players: {e}");
    }
}

#[test]
fn profile_errors_name_the_field() {
    let text = include_str!("presets/default.toml");
    let bad = text.replace("beat_hit = 0.25", "beat_hit = 1.5");
    let e = Profile::from_toml(&bad).unwrap_err();
    assert!(e.to_string().contains("shots.plain.beat_hit"), "{e}");
    let unknown = text.replace("[meteor]", "[meteor]\nhuge = 0.1");
    let e = Profile::from_toml(&unknown).unwrap_err();
    assert!(matches!(e.kind, ProfileErrorKind::Parse(_)) && e.to_string().contains("huge"), "{e}");
    assert!(matches!(Profile::preset("nope").unwrap_err().kind, ProfileErrorKind::UnknownPreset(_)));
    let mut p = Profile::preset("default").unwrap();
    p.players[1].speed = 0.0;
    assert!(RackupGame::new(p).unwrap_err().to_string().contains("players[1].speed"));
}

#[test]
fn strategy_files_take_the_shipped_heuristic_for_missing_fields() {
    let shipped = HeuristicStrategy::shipped().config;
    assert_eq!((shipped.riichi, shipped.riichi_threshold, shipped.barricade_hp), (RiichiPolicy::Likely, 0.15, 3));
    assert_eq!(
        kind("riichi-never"),
        StrategyConfig::Heuristic(HeuristicConfig { riichi: RiichiPolicy::Never, ..shipped })
    );
    assert_eq!(
        kind("riichi-always"),
        StrategyConfig::Heuristic(HeuristicConfig { riichi: RiichiPolicy::Always, ..shipped })
    );
    assert_eq!(kind("random"), StrategyConfig::Random);
    assert_eq!(kind("random").riichi_never(), HeuristicConfig { riichi: RiichiPolicy::Never, ..shipped });
    let tuned = StrategyConfig::from_toml("strategy = \"heuristic\"\ncounter_threshold = 0.5\n").unwrap();
    assert_eq!(tuned, StrategyConfig::Heuristic(HeuristicConfig { counter_threshold: 0.5, ..shipped }));
    let e = StrategyConfig::from_toml("strategy = \"heuristic\"\ncounter = 0.5\n").unwrap_err().to_string();
    assert!(e.contains("counter") && !e.contains('\n'), "{e}");
    let e = StrategyConfig::from_toml("strategy = \"heuristic\"\nriichi = \"sometimes\"\n").unwrap_err().to_string();
    assert!(e.contains("sometimes"), "{e}");
    let e = StrategyConfig::from_toml("strategy = \"heuristic\"\nstun_below = 1.5\n").unwrap_err().to_string();
    assert_eq!(e, "field `stun_below`: 1.5 is not a chance in [0, 1]");
    let e = StrategyConfig::from_toml("strategy = \"heuristic\"\nsnipe = \n").unwrap_err().to_string();
    assert!(e.contains("line 2"), "{e}");
    assert_eq!(
        StrategyConfig::preset("bogus").unwrap_err().to_string(),
        "unknown rackup strategy `bogus` (built-in: random, heuristic, heuristic-2026, riichi-never, riichi-always)"
    );
}

/// A shipped strategy by name.
fn kind(name: &str) -> StrategyConfig {
    StrategyConfig::preset(name).unwrap()
}

/// Asserts that `count` successes in `trials` are within 5 standard errors of chance `p`.
fn assert_rate(count: u32, trials: u32, p: f64, what: &str) {
    let f = f64::from(count) / f64::from(trials);
    let se = (p * (1.0 - p) / f64::from(trials)).sqrt();
    assert!((f - p).abs() < 5.0 * se + 1e-12, "{what}: {f} vs {p}");
}

/// The shot model reproduces the profile's chances (within 5 standard errors),
/// every shot kind its own.
#[test]
fn shot_model_matches_profile_chances() {
    let p = Profile::preset("default").unwrap();
    let game = RackupGame::new(p).unwrap();
    let mut rng = GameSeeds::new(13).rng(0);
    let n = 450_000;
    let per_kind = n / ShotKind::COUNT as u32;
    let mut hits = [[0u32; 7]; ShotKind::COUNT];
    let mut clinch = [0u32; ShotKind::COUNT];
    let mut mines = [0u32; 3];
    let mut after = [[0u32; 3]; 2];
    let (mut first0, mut contact, mut active_mines) = (0, 0, 0);
    // Given contact: active out, double out, clinch, and outs pushed by the initiative taker.
    let mut on_contact = [0u32; 4];
    let mut self_out0 = 0;
    for i in 0..n {
        let mut distance = log::Distance::Near;
        let kind = ShotKind::ALL[i as usize % ShotKind::COUNT];
        let s = game.model.normal_shot(&mut rng, 0, Decl::None, kind, log::Distance::Near, 0, &mut distance);
        assert_eq!(s.kind, kind);
        let h = if s.hit[1] != Hit::None { s.hit[1] } else { s.hit[0] };
        hits[kind as usize][h as usize] += 1;
        clinch[kind as usize] += u32::from(s.clinch);
        mines[s.mines_out as usize] += 1;
        after[0][distance as usize] += 1;
        let s = game.model.active_shoot(&mut rng, [Decl::None; 2], &mut distance);
        first0 += u32::from(s.seat == 0);
        contact += u32::from(s.contact);
        if s.contact {
            let victim = s.hit.iter().position(|&h| h == Hit::ActiveOut);
            let double = s.hit.contains(&Hit::SelfOut);
            on_contact[0] += u32::from(victim.is_some() && !double);
            on_contact[1] += u32::from(double);
            on_contact[2] += u32::from(s.clinch);
            on_contact[3] += u32::from(victim.is_some_and(|v| v != s.seat as usize));
        } else {
            self_out0 += u32::from(s.hit[0] == Hit::SelfOut);
        }
        active_mines += u32::from(s.mines_out);
        after[1][distance as usize] += 1;
    }
    let close = |count: u32, p: f64, what: &str| assert_rate(count, n, p, what);
    for kind in ShotKind::ALL {
        let (k, h) = (p.shots.get(kind), &hits[kind as usize]);
        let close = |count: u32, p: f64, what: &str| assert_rate(count, per_kind, p, &format!("{} {what}", kind.id()));
        close(h[Hit::BeatHit as usize], k.beat_hit, "beat");
        close(h[Hit::MineHit as usize], k.mine_hit, "mine");
        close(h[Hit::FlipOutPartial as usize], k.flip_out_partial, "partial");
        close(h[Hit::FlipOutFull as usize], k.flip_out_full, "full");
        close(h[Hit::SelfOut as usize], k.self_out, "self-out");
        close(clinch[kind as usize], k.clinch, "clinch");
    }
    let m = &p.normal;
    close(mines[1], m.mine_out_one, "one mine out");
    close(mines[2], m.mine_out_two, "two mines out");
    close(first0, 0.5, "initiative");
    close(contact, p.active.contact, "active contact");
    close(active_mines, p.active.mine_out, "active mine out");
    let a = &p.active;
    assert_rate(on_contact[0], contact, a.active_out, "active out");
    assert_rate(on_contact[1], contact, a.double_out, "double out");
    assert_rate(on_contact[2], contact, a.clinch, "active clinch");
    assert_rate(on_contact[3], on_contact[0] + on_contact[1], a.pusher_is_first, "initiative taker pushes");
    assert_rate(self_out0, n - contact, a.self_out, "self-out without contact");
    for a in after {
        close(a[log::Distance::Mid as usize], m.distance_mid, "distance 50 cm or more after");
        close(a[log::Distance::Far as usize], m.distance_far, "distance 100 cm or more after");
    }
}

/// Chombo ① drawn as gaps between fouls is a chance per action: the share of
/// fouling actions, and of fouls right after a foul, is the chance itself.
#[test]
fn foul_gaps_are_a_chance_per_action() {
    let mut rng = GameSeeds::new(14).rng(0);
    for p in [0.002, 0.1, 0.5] {
        let gaps = super::model::Gaps::new(p);
        let n = 1_000_000u32;
        let (mut fouls, mut repeats, mut last) = (0u32, 0u32, false);
        let mut left = gaps.draw(&mut rng);
        for _ in 0..n {
            let foul = left == 0;
            left = if foul { gaps.draw(&mut rng) } else { left - 1 };
            repeats += u32::from(foul && last);
            fouls += u32::from(foul);
            last = foul;
        }
        assert_rate(fouls, n, p, "fouls");
        assert_rate(repeats, fouls, p, "fouls after a foul");
    }
    assert_eq!(super::model::Gaps::new(0.0).draw(&mut rng), u32::MAX);
    assert_eq!(super::model::Gaps::new(1.0).draw(&mut rng), 0);
}
