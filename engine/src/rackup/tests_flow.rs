//! Match flow from the seed's text: the match's end after round 4 and extra
//! rounds, chombo ③ and its exemptions, the kan limit, counter blows.

use super::log::DoraKind;
use super::tests::{has_event, plain, quiet_profile};
use super::yaku::Verdict;
use super::*;
use crate::{Game, GameRng, GameSeeds};
use rand::RngExt;

/// Plays one match from `rng`, choosing with `choose` among the legal
/// actions, and calls `after` with the state before and after every action.
pub(super) fn step_match(
    game: &RackupGame,
    rng: &mut GameRng,
    mut choose: impl FnMut(&RackupState, &[Action], &mut GameRng) -> Action,
    mut after: impl FnMut(&RackupState, &RackupState),
) -> RackupState {
    let mut st = game.new_state();
    game.reset(&mut st, rng);
    let mut legal = Vec::new();
    while let Some(seat) = game.to_move(&st) {
        game.legal_actions(&st, &mut legal);
        let before = st.clone();
        let action = choose(&st, &legal, rng);
        assert!(legal.contains(&action), "seat {seat}: {action:?} not in {legal:?}");
        game.apply(&mut st, action, rng);
        after(&before, &st);
    }
    st
}

pub(super) fn random(_: &RackupState, legal: &[Action], rng: &mut GameRng) -> Action {
    legal[rng.random_range(0..legal.len())]
}

/// A game for `profile` and the plain choice (no declarations, no counters).
fn plain_game(profile: Profile) -> (RackupGame, impl FnMut(&RackupState, &[Action], &mut GameRng) -> Action) {
    let game = RackupGame::new(profile).unwrap();
    let view_game = game.clone();
    (game, move |st: &RackupState, legal: &[Action], rng: &mut GameRng| {
        plain(&view_game.view(st, st.to_move.unwrap().into()), legal, rng)
    })
}

/// 「４局目終了時点で点の多い者の勝利とする／同点の場合は決着がつくまで延長戦」:
/// a round from the fourth on that ends with a leader ends the match; a tie plays on.
#[test]
fn match_ends_after_round_four_with_a_leader_and_plays_on_when_tied() {
    let game = RackupGame::preset("default").unwrap();
    let rounds = game.profile().rules.rounds;
    let (mut at_four, mut extra, mut tied_on) = (0, 0, 0);
    for i in 0..1_000 {
        let mut rng = GameSeeds::new(31).rng(i);
        let st = step_match(&game, &mut rng, random, |before, after| {
            if after.round != before.round {
                // The round just ended with `after.points` (a new round's opening
                // declarations move no points).
                assert_eq!(after.round, before.round + 1);
                let tied = after.points[0] == after.points[1];
                assert!(
                    before.round < rounds || tied,
                    "round {} ended {:?}, yet play went on",
                    before.round,
                    after.points
                );
                tied_on += u32::from(before.round >= rounds);
            }
        });
        let o = game.outcome(&st);
        match o.end {
            MatchEnd::Rounds => {
                assert!(o.rounds >= rounds && o.points[0] != o.points[1], "{o:?}");
                at_four += u32::from(o.rounds == rounds);
                extra += u32::from(o.rounds > rounds);
            }
            MatchEnd::Bust => assert!(o.points.contains(&0)),
            end => panic!("{end:?} in a default match"),
        }
    }
    assert!(at_four > 0 && extra > 0 && tied_on >= extra, "{at_four} {extra} {tied_on}");
}

/// Chombo ③ 「その局を相手の自滅以外で和了した場合」: a ① offender winning by the
/// opponent's self ring-out is exempt, and so is an offender who does not win
/// (the opponent's win).
#[test]
fn chombo_three_spares_a_win_by_the_opponents_self_out_and_a_lost_round() {
    // Every normal action fouls. Seat 1 rings itself out on every shot (after
    // a touch, so no chombo ②); seat 0 never does and never hits.
    let mut p = quiet_profile();
    p.rules.foul = 1.0;
    p.shots.plain.self_out = 1.0;
    p.normal.self_out_after_contact = 1.0;
    p.players[0].accuracy = 1e12;
    let (game, mut choose) = plain_game(p);
    let mut fouled_wins = 0;
    let st = step_match(&game, &mut GameSeeds::new(32).rng(0), &mut choose, |before, after| {
        if after.outcome.wins[0] > before.outcome.wins[0] && before.fouled[0] {
            assert_eq!(after.last.finish, Hit::SelfOut);
            fouled_wins += 1;
        }
    });
    let o = game.outcome(&st);
    assert!(fouled_wins > 0 && o.chombo[1][0] > 0, "{o:?}");
    assert_eq!(o.wins, [o.yaku[0][Yaku::Boketsu as usize], 0], "seat 0 wins every round by 墓穴");
    assert_eq!([o.chombo[0][2], o.chombo[1][2]], [0, 0], "no ③");
}

/// A ① offender in a 相討流局 has not won: no ③.
#[test]
fn chombo_three_spares_a_mutual_draw() {
    // Every normal shot fouls and clinches (a re-set); an active shoot with
    // contact is a double ring-out, always a draw.
    let mut p = quiet_profile();
    p.rules.foul = 1.0;
    p.shots.plain.clinch = 1.0;
    p.active.contact = 0.5;
    p.active.active_out = 0.0;
    p.active.double_out = 1.0;
    p.active.clinch = 0.0;
    p.rules.mutual_draw = MutualDraw::DoubleOut;
    let (game, mut choose) = plain_game(p);
    let mut fouled_draws = 0;
    let st = step_match(&game, &mut GameSeeds::new(33).rng(0), &mut choose, |before, after| {
        if after.outcome.mutual > before.outcome.mutual && before.fouled != [false; 2] {
            fouled_draws += 1;
        }
    });
    let o = game.outcome(&st);
    assert!(fouled_draws > 0, "{o:?}");
    assert_eq!([o.chombo[0][2], o.chombo[1][2]], [0, 0], "no ③");
}

/// 「（和了流局含む）」: a ① offender's win without yaku is a ③ all the same.
#[test]
fn chombo_three_takes_a_win_without_yaku_too() {
    // Every first action fouls and wins by a full flip-out; 一撃 (its only
    // yaku here) is set to 0 points, so the win has no yaku.
    let text = include_str!("presets/default.toml").replace("\nichigeki = 1\n", "\nichigeki = 0\n");
    let mut p = Profile::from_toml(&text).unwrap();
    let quiet = quiet_profile();
    (p.normal, p.shots, p.active, p.rules.foul) = (quiet.normal, quiet.shots, quiet.active, 1.0);
    p.shots.plain.flip_out_full = 1.0;
    p.shots.plain.flip_via_mine = 0.0;
    p.normal.body_hit = 0.0;
    let (game, mut choose) = plain_game(p);
    let mut replays_without_yaku = 0;
    let st = step_match(&game, &mut GameSeeds::new(34).rng(0), &mut choose, |before, after| {
        let threes = |s: &RackupState| s.outcome.chombo[0][2] + s.outcome.chombo[1][2];
        if threes(after) > threes(before) {
            assert_eq!(after.last.verdict, Verdict::NoYaku);
            assert_eq!(after.round, before.round, "a replay keeps the round number");
            replays_without_yaku += 1;
        }
    });
    let o = game.outcome(&st);
    assert!(replays_without_yaku > 0);
    assert_eq!((o.wins, o.no_yaku), ([0, 0], [0, 0]), "a ③ round is not scored");
}

/// 「カンは両者合わせて２回まで宣言でき」: two kans a round between both
/// players, even with barricades for more; each spends two barricades and
/// rolls a kan dora.
#[test]
fn two_kans_a_round_between_both_players() {
    // Nothing ever hits: each round runs until its log is full (then it is
    // stopped unscored), four rounds a match.
    let mut p = quiet_profile();
    p.rules.barricades = 4;
    p.rules.max_rounds = p.rules.rounds;
    let game = RackupGame::new(p).unwrap();
    let max = game.profile().rules.max_kans;
    let kan_shot = Action::Turn { kan: true, act: Act::Shot(Decl::None, ShotKind::Plain) };
    let (mut refused, mut both) = (0, 0);
    for i in 0..3 {
        let mut rng = GameSeeds::new(35).rng(i);
        let choose = |st: &RackupState, legal: &[Action], rng: &mut GameRng| {
            let s = st.to_move.unwrap() as usize;
            if st.decision == Decision::Turn && st.kans >= max && st.held[s] >= 2 && !st.riichi_used[s] {
                assert!(!legal.contains(&kan_shot), "a kan past the limit offered");
                refused += 1;
            }
            if legal.contains(&kan_shot) { kan_shot } else { plain(&game.view(st, s), legal, rng) }
        };
        step_match(&game, &mut rng, choose, |before, after| {
            if after.round != before.round || after.outcome.round_attempts != before.outcome.round_attempts {
                return;
            }
            assert!(after.kans <= max);
            let new = &after.log.events()[before.log.events().len()..];
            if let Some(k) = new.iter().position(|e| matches!(e, Event::Kan { .. })) {
                let Event::Kan { seat } = new[k] else { unreachable!() };
                assert!(matches!(new[k + 1], Event::Dora { kind: DoraKind::Kan, seat: s, .. } if s == seat));
                let s = seat as usize;
                assert_eq!(before.held[s] - after.held[s], 2, "a kan spends two barricades");
                let kans_by = |seat: u8| after.log.events().iter().filter(|e| **e == Event::Kan { seat }).count();
                both += u32::from(after.kans == max && kans_by(0) > 0 && kans_by(1) > 0);
            }
        });
    }
    assert!(refused > 0 && both > 0, "{refused} {both}");
}

/// Counter blows: one barricade from hand turns the opponent's normal shot
/// into an active shoot; the shooter's 流星 carries into it, a 狙撃 is lost and
/// the counter's declarer declares nothing; without a barricade in hand there
/// is no counter to decide.
#[test]
fn counter_blows_turn_a_shot_into_an_active_shoot() {
    let mut p = quiet_profile();
    p.normal.distance_mid = 1.0;
    p.normal.distance_far = 0.0;
    let game = RackupGame::new(p).unwrap();
    let mut rng = GameSeeds::new(36).rng(0);
    let mut st = game.new_state();
    game.reset(&mut st, &mut rng);
    let mut legal = Vec::new();
    // Plain actions until `seat` takes a normal action.
    let mut turn_of = |st: &mut RackupState, rng: &mut GameRng, seat: u8| {
        while !(st.to_move == Some(seat) && st.decision == Decision::Turn) {
            game.legal_actions(st, &mut legal);
            let a = plain(&game.view(st, st.to_move.unwrap().into()), &legal, rng);
            game.apply(st, a, rng);
        }
    };
    let (shooter, opponent) = (0u8, 1u8);
    let (o, barricades) = (opponent as usize, game.profile().rules.barricades);
    for (decl, carried, last) in [(Decl::Meteor, Decl::Meteor, false), (Decl::Snipe, Decl::None, true)] {
        turn_of(&mut st, &mut rng, shooter);
        game.apply(&mut st, Action::Turn { kan: false, act: Act::Shot(decl, ShotKind::Plain) }, &mut rng);
        assert_eq!((st.to_move, st.decision), (Some(opponent), Decision::Counter(decl, ShotKind::Plain)), "{decl:?}");
        let held = st.held[o];
        game.apply(&mut st, Action::Counter(true), &mut rng);
        assert_eq!((st.held[o], st.spent[o]), (held - 1, barricades - held + 1), "one barricade spent aside");
        let (i, shot) = st.log.last_shot().unwrap();
        assert_eq!(st.log.events()[i - 1], Event::Counter { seat: opponent, last });
        assert!(shot.active && shot.counter_by == Some(opponent), "{shot:?}");
        assert_eq!(shot.decl, [carried, Decl::None], "{decl:?}");
    }
    assert_eq!(st.outcome.counters, [0, 2]);
    // No barricade left in hand: the shot is not offered to a counter.
    turn_of(&mut st, &mut rng, shooter);
    let shots = st.outcome.shots;
    game.apply(&mut st, Action::Turn { kan: false, act: Act::Shot(Decl::None, ShotKind::Plain) }, &mut rng);
    assert_ne!(st.decision, Decision::Counter(Decl::None, ShotKind::Plain));
    assert_eq!(st.outcome.shots, shots + 1, "the shot was played at once");
    assert!(has_event(&st, |e| *e == Event::Counter { seat: opponent, last: true }));
}
