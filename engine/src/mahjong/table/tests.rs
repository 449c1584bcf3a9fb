//! Invariants over many seeded games, the presets and the seed's worked
//! final-score examples.

use super::*;
use crate::mahjong::{TileCounts, TileSet, shanten, ukeire};
use crate::testing::{PlayCheck, Validate, check_game, check_play, ensure};
use crate::{Game, GameSeeds};

/// Checks the state from scratch: every tile accounted for, points plus
/// deposits conserved, cached waits right, no ron offered from furiten. (Once
/// the game is over only the points: a last hand ended by a robbed kan leaves
/// its count mid-kan.)
impl Validate for RiichiTable {
    fn validate(&self, s: &TableState) -> Result<(), String> {
        let start = self.settings().start_points * s.players() as i32;
        let seated = &s.seats[..s.players()];
        if matches!(s.phase, Phase::Over | Phase::Stop { .. }) {
            let sum = s.points.iter().sum::<i32>();
            let sticks = RIICHI_STICK * s.sticks as i32;
            ensure(sum + sticks == start, || format!("points {sum} and sticks {sticks} at the end"))?;
            // Only lost sticks (`end_sticks = "lost"`) stay on the table after the game.
            let lost = self.settings().end_sticks == EndSticks::Lost;
            ensure(s.phase != Phase::Over || s.sticks == 0 || lost, || "sticks left after the game".into())?;
            return Ok(());
        }
        // During a kan's chankan offer, or an extracted north's, its replacement tile is not
        // drawn yet.
        let offer = |k: &[OfferKind]| matches!(s.phase, Phase::Offer { kind, .. } if k.contains(&kind));
        let flowers: usize = seated.iter().map(|seat| seat.flowers.count_ones() as usize).sum();
        let nuki: usize = seated.iter().map(|seat| usize::from(seat.nuki.total())).sum();
        let kans = s.kans as usize - usize::from(offer(&[OfferKind::AddedKan, OfferKind::ClosedKan]));
        let rinshan = s.replacements as usize;
        let expected = kans + nuki - usize::from(offer(&[OfferKind::Nuki])) + flowers;
        ensure(rinshan == expected, || {
            format!("{rinshan} replacements, {} kans, {nuki} norths, {flowers} flowers", s.kans)
        })?;
        let mut drawn: TileCounts = [0; 34];
        let mut flowers_drawn = 0;
        let pieces = || s.wall[..s.next as usize].iter().chain((0..rinshan).map(|k| &s.wall[s.layout.replacement(k)]));
        for p in pieces() {
            match p.kind() {
                Some(t) => drawn[t.index()] += 1,
                None => flowers_drawn += 1,
            }
        }
        ensure(flowers_drawn == flowers, || format!("{flowers_drawn} flowers drawn, {flowers} set aside"))?;
        let mut held: TileCounts = [0; 34];
        for seat in seated {
            for (h, c) in held.iter_mut().zip(seat.hand) {
                *h += c;
            }
            for m in seat.melds() {
                m.add_to(&mut held);
            }
            for (i, t) in seat.river().iter().enumerate() {
                if seat.called_mask & (1 << i) == 0 {
                    held[t.index()] += 1;
                }
            }
            for &k in seat.nuki.kinds().as_slice() {
                held[k.index()] += seat.nuki.of(k);
            }
        }
        ensure(drawn == held, || "tiles drawn from the wall are not all held, melded, discarded or extracted".into())?;
        // Marked pieces: a seat's marked fives of a kind are among its copies of it, and the
        // seats hold no more red, gold or blue fives than were drawn.
        let sorts = [
            ("red", PhysTile::is_red as fn(PhysTile) -> bool, Marked::red as fn(&Marked) -> u8),
            ("gold", PhysTile::is_gold, Marked::gold),
            ("blue", PhysTile::is_blue, Marked::blue),
        ];
        for (sort, is, count) in sorts {
            let drawn = pieces().filter(|p| is(**p)).count();
            let kept: usize =
                seated.iter().map(|seat| usize::from(count(&seat.marked) + count(&seat.meld_marked))).sum();
            ensure(kept <= drawn, || format!("{kept} {sort} fives held, {drawn} drawn"))?;
        }
        for (i, seat) in seated.iter().enumerate() {
            let fives = [4, 13, 22].map(|k| Tile::from_index(k).expect("a five"));
            let over = fives.into_iter().find(|&t| seat.marked.fives(t) > seat.hand[t.index()]);
            ensure(over.is_none(), || format!("seat {i} holds more marked fives than fives"))?;
        }
        let in_play = held.iter().map(|&c| c as usize).sum::<usize>() + flowers;
        let total = in_play + (s.layout.tiles() - s.next as usize - rinshan);
        ensure(total == s.layout.tiles(), || format!("{total} tiles in play"))?;
        let at_deal = self.settings().indicators_at_deal;
        let kan_indicators = (s.indicators - at_deal) as usize;
        let live_end = s.layout.live_end_at_deal(at_deal as usize)
            - rinshan * s.layout.live_tiles_per_replacement()
            - kan_indicators * s.layout.live_tiles_per_indicator();
        ensure(s.live_end as usize == live_end, || format!("live wall ends at {}, not {live_end}", s.live_end))?;
        let sum = s.points.iter().sum::<i32>() + RIICHI_STICK * s.sticks as i32;
        ensure(sum == start, || format!("points and deposits add up to {sum}"))?;
        for (i, seat) in seated.iter().enumerate() {
            let n = seat.concealed_len() as usize + 3 * seat.meld_count as usize;
            let turn = matches!(s.phase, Phase::Turn { seat, .. } if seat as usize == i);
            ensure(n == if turn { 14 } else { 13 }, || format!("seat {i} holds {n} tiles"))?;
            if !turn {
                let waits = if self.wild_pocchi(seat) {
                    self.wild_waits(&seat.hand)
                } else if shanten(&seat.hand, self.shanten_rules()) == 0 {
                    ukeire(&seat.hand, self.shanten_rules())
                } else {
                    TileSet::EMPTY
                };
                ensure(seat.waits == waits, || format!("cached waits of seat {i}"))?;
            }
        }
        if let Some(seat) = self.to_move(s) {
            let mut legal = Vec::new();
            self.legal_actions(s, &mut legal);
            let me = &s.seats[seat];
            let furiten = !me.waits.intersection(me.discarded).is_empty() || me.temp_furiten || me.riichi_furiten;
            ensure(!(legal.contains(&Action::Ron) && furiten), || format!("ron offered to seat {seat} in furiten"))?;
        }
        Ok(())
    }
}

impl RiichiTable {
    /// The waits of `hand` holding a wild pocchi (G-R6), from scratch: each kind `x` held
    /// fewer than four times that some kind `k` for the pocchi makes a complete hand with.
    fn wild_waits(&self, hand: &TileCounts) -> TileSet {
        let set = &self.rules().set;
        let kinds = || Tile::all().filter(|&k| set.contains(k));
        let mut rest = *hand;
        rest[Tile::HAKU.index()] -= 1;
        kinds()
            .filter(|&x| hand[x.index()] < 4)
            .filter(|&x| {
                kinds().any(|k| {
                    let mut h = rest;
                    h[k.index()] += 1;
                    h[x.index()] += 1;
                    h.iter().all(|&c| c <= 4) && shanten(&h, self.shanten_rules()) == -1
                })
            })
            .collect()
    }
}

/// The most decisions a hanchan can take (a bound far above any real game).
const MAX_DECISIONS: usize = 20_000;

/// Plays game 0 of `seed` step by step with the shared harness's checks.
fn play_checked(game: &RiichiTable, bots: &mut [Bot; 4], seed: u64) -> HanchanOutcome {
    let played = check_game(game, bots, &mut GameSeeds::new(seed).rng(0), MAX_DECISIONS).unwrap();
    game.outcome(&played.state)
}

#[test]
fn random_play_invariants_every_preset_and_bot() {
    for (k, preset) in ["ron2-dojo", "ron2-battle", "ron2-a", "ron2-b", "ron2-c"].into_iter().enumerate() {
        let game = RiichiTable::preset(preset).unwrap();
        let check = PlayCheck { games: 8, seed: k as u64, max_decisions: MAX_DECISIONS };
        for bot in [Bot::random(), Bot::efficiency(), Bot::defensive()] {
            let stats = check_play(&game, &mut [bot; 4], &check).unwrap_or_else(|e| panic!("{preset}: {e}"));
            assert!(stats.decisions > 8 * 100, "{preset}: {stats:?}");
        }
        let mut mixed = [Bot::random(), Bot::efficiency(), Bot::defensive(), Bot::efficiency()];
        check_play(&game, &mut mixed, &check).unwrap_or_else(|e| panic!("{preset}, mixed: {e}"));
    }
}

#[test]
fn a_lost_tile_breaks_validation() {
    let game = RiichiTable::preset("ron2-dojo").unwrap();
    let mut s = game.new_state();
    game.reset(&mut s, &mut GameSeeds::new(1).rng(0));
    assert_eq!(game.validate(&s), Ok(()));
    let seat = &mut s.seats[1];
    let t = seat.hand.iter().position(|&c| c > 0).unwrap();
    seat.hand[t] -= 1;
    assert!(game.validate(&s).unwrap_err().contains("tiles"));
}

#[test]
fn invariants_hold_over_seeded_games() {
    let game = RiichiTable::preset("ron2-dojo").unwrap();
    let mut wins = 0;
    let mut draws = 0;
    let mut hands = 0;
    for seed in 0..60 {
        let mut bots = match seed % 3 {
            0 => [Bot::efficiency(); 4],
            1 => [Bot::random(), Bot::efficiency(), Bot::defensive(), Bot::efficiency()],
            _ => [Bot::defensive(); 4],
        };
        let o = play_checked(&game, &mut bots, seed);
        assert_eq!(o.points.iter().sum::<i32>(), 120_000);
        assert_eq!(o.scores.iter().sum::<i32>(), 0);
        let dojo = std::array::from_fn(|s| (o.points[s] - 30_000) / 100 + [150, 50, -50, -150][o.ranks[s] as usize]);
        assert_eq!(o.scores, dojo, "the dojo settlement: return 30,000, uma 15-5");
        let mut r = o.ranks;
        r.sort();
        assert_eq!(r, [0, 1, 2, 3]);
        assert!(o.hands >= 8 || o.bust);
        let binned: u16 = o.win_value_hist.iter().flatten().sum();
        assert_eq!(binned, o.total_wins(), "every win is binned by value");
        let dealer_binned: u16 = o.win_value_hist[1].iter().sum();
        assert_eq!(dealer_binned, o.dealer_wins.iter().sum::<u16>());
        for s in 0..MAX_SEATS {
            // Honba and sticks come on top of the hand's value; a win is worth 1,000 or more.
            assert!(o.win_value[s] <= o.win_points[s] && o.win_value[s] >= 1000 * u32::from(o.wins[s]));
        }
        wins += o.total_wins() as u32;
        draws += o.exhaustive_draws as u32;
        hands += o.hands as u32;
    }
    assert!(wins > hands / 2, "{wins} wins in {hands} hands");
    assert!(draws > 0);
}

#[test]
fn presets_load_and_errors_name_the_problem() {
    for (name, _) in PRESETS {
        let g = RiichiTable::preset(name).unwrap();
        assert_eq!(g.settings().name, name);
    }
    assert!(RiichiTable::preset("ron3").unwrap_err().to_string().contains("ron2-dojo"));
    let text = PRESETS[0].1.replace("uma = [150, 50, -50, -150]", "uma = [150, 50, -50, -100]");
    let e = TableSettings::from_toml(&text).unwrap_err().to_string();
    assert!(e.contains("uma"), "{e}");
    let text = PRESETS[0].1.replace("bust = true", "bust = true\nbusts = 1");
    let e = TableSettings::from_toml(&text).unwrap_err().to_string();
    assert!(e.contains("busts") && e.contains("line"), "{e}");
    // A scoring rules file is the caller's to read; the table checks what it is given.
    let text = PRESETS[0].1.replace("scoring = \"ron2\"", "scoring = \"my-scoring.toml\"");
    let settings = TableSettings::from_toml(&text).unwrap();
    assert!(settings.scoring_is_file());
    assert!(RiichiTable::new(settings.clone()).unwrap_err().to_string().contains("my-scoring.toml"));
    let g = RiichiTable::with_rules(settings.clone(), Rules::preset("ron2").unwrap()).unwrap();
    assert_eq!(g.rules().name, "ron2");
    let e = RiichiTable::with_rules(settings, Rules::preset("goto").unwrap()).unwrap_err().to_string();
    assert!(e.contains("`wall`") && e.contains("flower"), "Gotō's set needs replacement tiles for its flowers: {e}");
}

#[test]
fn seed_examples_final_scores() {
    let dojo = TableSettings::preset("ron2-dojo").unwrap();
    let pts = [40_600, 32_700, 27_300, 19_400];
    assert_eq!(dojo.final_scores(&pts, &ranks(&pts)), [256, 77, -77, -256]);
    let battle = TableSettings::preset("ron2-battle").unwrap();
    let pts = [14_400, 35_600, 22_300, 27_700];
    assert_eq!(battle.final_scores(&pts, &ranks(&pts)), [-356, 456, -177, 77]);
    let b = TableSettings::preset("ron2-b").unwrap();
    let pts = [40_600, 32_700, 27_300, 19_400];
    assert_eq!(b.final_scores(&pts, &ranks(&pts)), [406, 127, -127, -406]);
    // Equal points: the earlier seat ranks higher.
    assert_eq!(ranks(&[25_000, 25_000, 30_000, 40_000]), [2, 3, 1, 0]);
    // Three seats in play: the fourth entry is no seat, and scores 0.
    let r = ranks(&[35_000, 41_000, 29_000]);
    assert_eq!(r, [1, 0, 2, NO_SEAT]);
    assert_eq!(dojo.final_scores(&[35_000, 41_000, 29_000, 0], &r)[3], 0);
}

/// With three seats in play (Gotō's table), turn order, the dealer, winds and
/// the game length go round three seats.
#[test]
fn three_seats_go_round_in_turn() {
    let mut s = TableState::new(false);
    s.players = 3;
    assert_eq!((s.seat_after(2, 1), s.seat_after(1, 2)), (0, 0));
    assert_eq!(s.others(2).collect::<Vec<_>>(), [0, 1]);
    s.round = 4;
    // South 2: seat 1 deals, seat 0 sits West of it.
    assert_eq!((s.round_wind(), s.kyoku(), s.dealer(), s.seat_wind(0), s.seat_wind(2)), (1, 2, 1, 2, 1));
    assert_eq!((Length::Hanchan.rounds(3), Length::Tonpuu.rounds(3), Length::Hanchan.rounds(4)), (6, 3, 8));
}

#[test]
fn seeded_games_replay_identically() {
    let game = RiichiTable::preset("ron2-battle").unwrap();
    let mut table = crate::Table::new(&game);
    let mut play = |seed| {
        let mut bots = [Bot::efficiency(), Bot::defensive(), Bot::efficiency(), Bot::random()];
        table.play(&game, &mut bots, &mut GameSeeds::new(seed).rng(3))
    };
    let first = play(5);
    assert_eq!(first.points.iter().sum::<i32>(), 100_000);
    assert_eq!(play(5), first);
    assert_ne!(play(6), first);
}

#[test]
fn efficiency_beats_random_and_the_record_adds_up() {
    let game = RiichiTable::preset("ron2-dojo").unwrap();
    let mut table = crate::Table::new(&game);
    let (mut eff, mut rand, mut hands, mut riichi_wins, mut ends) = (0, 0, 0u32, 0u32, 0u32);
    for i in 0..100u64 {
        let mut bots = [Bot::efficiency(), Bot::random(), Bot::defensive(), Bot::random()];
        let o = table.play(&game, &mut bots, &mut GameSeeds::new(2).rng(i));
        eff += o.scores[0] + o.scores[2];
        rand += o.scores[1] + o.scores[3];
        assert_eq!(o.wins[1] + o.wins[3], o.tsumo_wins[1] + o.tsumo_wins[3] + rons(&o, &[1, 3]));
        hands += u32::from(o.hands);
        ends += u32::from(o.total_wins())
            + u32::from(o.exhaustive_draws)
            + o.aborts.iter().map(|&a| u32::from(a)).sum::<u32>();
        riichi_wins += u32::from(o.yaku_count(crate::mahjong::Yaku::Riichi));
        riichi_wins += u32::from(o.yaku_count(crate::mahjong::Yaku::DoubleRiichi));
    }
    assert!(eff > 0 && rand < 0, "efficiency {eff}, random {rand}");
    // Every hand ends in wins (two on a double ron), a draw or an abort.
    assert!(ends >= hands, "{ends} endings in {hands} hands");
    assert!(riichi_wins > 0);
}

/// Ron wins of `seats` (wins that were not tsumo).
fn rons(o: &HanchanOutcome, seats: &[usize]) -> u16 {
    seats.iter().map(|&s| o.wins[s] - o.tsumo_wins[s]).sum()
}

#[test]
fn bot_configs_load_from_toml() {
    let text = "style = \"defensive\"\nriichi = true\ncall_yakuhai = false\ncall_max_shanten = 1\n\
                open_min_shanten = 1\nplan_bias = 1\ntoitoi_bias = 1\nmanzu_honitsu_bias = 2\npush_ukeire = 6\npush_1shanten_ukeire = 13\n\
                threat_melds = 3\ndama_han = 3\nkans = true\nukeire_max_shanten = 2\nopen_riichi_waits = 4\n\
                placement = true\nkokushi_kinds = 10\nsequence_plans = true\ndora_keep = 0\nwait_value = false\n\
                call_min_han = 0\ndama_max_waits = 0\nfirst_folds = false\nplacement_riichi = false\nchip_push = 0\n\
                chip_riichi = false\nstakes = false\n";
    let c = BotConfig::from_toml(text).unwrap();
    assert_eq!((c.style, c.call_yakuhai, c.push_ukeire), (strategy::Style::Defensive, false, 6));
    assert_eq!(BotConfig { call_yakuhai: true, push_ukeire: 4, ukeire_max_shanten: 1, ..c }, Bot::defensive().config);
    let e = BotConfig::from_toml(&text.replace("riichi = true", "riichi = 1")).unwrap_err();
    assert_eq!(e.line, Some(2), "{e}");
    assert!(BotConfig::from_toml(&format!("{text}fold = true\n")).unwrap_err().message.contains("fold"));
    // A shanten setting beyond the most a hand can be from tenpai is refused, on its line.
    let e = BotConfig::from_toml(&text.replace("call_max_shanten = 1", "call_max_shanten = 100")).unwrap_err();
    assert_eq!(e.line, Some(4), "{e}");
    assert!(e.message.contains("100 shanten is out of range -1..=8"), "{e}");
    assert!(Bot::by_name("efficiency").is_some() && Bot::by_name("greedy").is_none());
    let styles = BOT_PRESETS.map(|(name, _)| Bot::by_name(name).unwrap().config.style);
    let (random, efficiency, defensive) =
        (strategy::Style::Random, strategy::Style::Efficiency, strategy::Style::Defensive);
    assert_eq!(styles, [random, efficiency, defensive, defensive, defensive, defensive, defensive]);
    // `value` is `defensive` with the value and placement settings on; `goto-stakes` is
    // `value` with the chip and stake settings on and its push thresholds tuned for chips.
    let (d, v, g) = (Bot::defensive().config, Bot::value().config, Bot::by_name("goto-stakes").unwrap().config);
    let stakes = BotConfig { chip_push: 3, chip_riichi: true, stakes: true, ..v };
    assert_eq!(BotConfig { push_ukeire: 1, push_1shanten_ukeire: 9, ..stakes }, g);
    // `tenhou-like` is `value` with fewer calls, toitoi sought, only four melds a threat
    // and no folding for first place.
    let like = Bot::by_name("tenhou-like").unwrap().config;
    assert_eq!(BotConfig { call_max_shanten: 1, toitoi_bias: 2, threat_melds: 4, first_folds: false, ..v }, like);
    // `strong` is `tenhou-like` with the five moves `tune_mahjong_strong` accepted and the
    // two `sim deviations` found on the final score (placement off; ukeire ties from
    // 2-shanten on).
    let strong = Bot::by_name("strong").unwrap().config;
    let tuned = BotConfig {
        dama_han: 0,
        push_ukeire: 2,
        toitoi_bias: 0,
        call_min_han: 0,
        placement_riichi: false,
        placement: false,
        ukeire_max_shanten: 2,
        ..like
    };
    assert_eq!(tuned, strong);
    assert!(v.wait_value && v.first_folds && v.placement_riichi && !d.wait_value && !d.placement_riichi);
}
