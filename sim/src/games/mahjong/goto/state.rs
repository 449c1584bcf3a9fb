//! The Gotō study's accumulator: counts per seat and per person (places, points, the bots'
//! per-hand events), yaku, game length, extraction and open riichi, merged field by field.

use crate::stats::{Histogram, Moments, Rate};
use engine::mahjong::table::{HanchanOutcome, PEOPLE, WIN_VALUE_BINS};
use engine::mahjong::{Rules, Yaku};
use serde::{Deserialize, Serialize};

/// Lowest and highest final points, in thousands, with their own bins.
const POINTS_RANGE: (i64, i64) = (-60, 160);

/// Per-seat or per-person counts of one kind of event.
#[derive(Clone, Copy, Debug, Default, Serialize, Deserialize, PartialEq, Eq)]
pub struct Counts {
    /// Wins, tsumo included.
    pub wins: u64,
    /// Tsumo wins.
    pub tsumo: u64,
    /// Deal-ins.
    pub deal_ins: u64,
    /// Deal-ins forced into an open riichi (G-R3).
    pub forced_deal_ins: u64,
    /// Riichi declared and paid (open ones included).
    pub riichi: u64,
    /// Open riichi.
    pub open_riichi: u64,
    /// Hands with an open call.
    pub open_hands: u64,
    /// Nuki tiles set aside (抜きドラ: norths at the Gotō tables).
    pub norths: u64,
    /// Flowers set aside.
    pub flowers: u64,
}

impl Counts {
    pub(super) fn record(&mut self, o: &HanchanOutcome, s: usize) {
        let add = |a: &mut u64, v: u16| *a += u64::from(v);
        add(&mut self.wins, o.wins[s]);
        add(&mut self.tsumo, o.tsumo_wins[s]);
        add(&mut self.deal_ins, o.deal_ins[s]);
        add(&mut self.forced_deal_ins, o.forced_deal_ins[s]);
        add(&mut self.riichi, o.riichi[s]);
        add(&mut self.open_riichi, o.open_riichi[s]);
        add(&mut self.open_hands, o.open_hands[s]);
        add(&mut self.norths, o.norths[s]);
        add(&mut self.flowers, o.flowers[s]);
    }
}

crate::merge_fields!(Counts {
    wins,
    tsumo,
    deal_ins,
    forced_deal_ins,
    riichi,
    open_riichi,
    open_hands,
    norths,
    flowers
});

/// One seat's or one person's results.
#[derive(Clone, Debug, Serialize, Deserialize)]
pub struct Results {
    /// Games played (seated).
    pub games: u64,
    /// Hands played (seated).
    pub hands: u64,
    /// Games by place (first, second, third, at four seats fourth).
    pub places: Vec<u64>,
    /// Final points.
    pub points: Moments,
    /// Final points in thousands.
    pub points_hist: Histogram,
    /// Event counts.
    pub counts: Counts,
}

impl Results {
    /// No games yet, at a table of `seats`.
    pub(super) fn new(seats: usize) -> Self {
        let points_hist = Histogram::new(POINTS_RANGE.0, POINTS_RANGE.1);
        Self {
            games: 0,
            hands: 0,
            places: vec![0; seats],
            points: Moments::default(),
            points_hist,
            counts: Counts::default(),
        }
    }

    pub(super) fn record(&mut self, o: &HanchanOutcome, s: usize) {
        self.games += 1;
        self.hands += u64::from(o.hands);
        self.places[usize::from(o.ranks[s])] += 1;
        self.points.record(i64::from(o.points[s]));
        self.points_hist.record(i64::from(o.points[s]).div_euclid(1000));
        self.counts.record(o, s);
    }

    /// A per-hand rate of `n` events.
    pub(super) fn per_hand(&self, n: u64) -> Rate {
        Rate::of(n, self.hands)
    }

    /// The share of games finished in `place`.
    pub(super) fn place(&self, place: usize) -> Rate {
        Rate::of(self.places[place], self.games)
    }
}

crate::merge_fields!(Results { games, hands, places, points, points_hist, counts });

/// The aggregate of a Gotō study.
#[derive(Clone, Debug, Serialize, Deserialize)]
pub struct GotoAcc {
    /// Sessions played.
    pub sessions: u64,
    /// Games played.
    pub games: u64,
    /// Hands played, repeats included.
    pub hands: u64,
    /// Per seat (seat 0 deals first).
    pub seats: Vec<Results>,
    /// Per person.
    pub persons: Vec<Results>,
    /// Games each person sat out.
    pub sat_out: Vec<u64>,
    /// Each person's net points over a session (final minus start, summed over its games).
    pub session_net: Vec<Moments>,
    /// Wins by hand value: `[non-dealer bins…, dealer bins…]`, bins of 1,000 points.
    pub win_value_bins: Vec<u64>,
    /// Hand values of the wins (without honba and sticks).
    pub win_value: u64,
    /// Wins with each yaku (by `Yaku as usize`; the [`Yaku::counted`] ones of the set).
    pub yaku: Vec<u64>,
    /// Yakuman wins (real or counted).
    pub yakuman: u64,
    /// Exhaustive draws.
    pub exhaustive: u64,
    /// Games that entered South (sudden death).
    pub south: u64,
    /// Hands per game.
    pub length: Histogram,
    /// Sudden-death hands per game that entered South.
    pub sudden_death: Histogram,
    /// Games the dealer stopped (和了やめ).
    pub stopped: u64,
    /// Games ended by a bust.
    pub busts: u64,
    /// Games cut at the table's hand cap (`max_hands`).
    #[serde(default)]
    pub capped: u64,
    /// Double rons.
    pub double_rons: u64,
}

impl GotoAcc {
    /// No games yet, at a table of `seats` (three at Gotō's; four people either way) whose
    /// set has blue fives or not.
    pub(crate) fn new(seats: usize, blue_fives: bool) -> Self {
        Self {
            sessions: 0,
            games: 0,
            hands: 0,
            seats: vec![Results::new(seats); seats],
            persons: vec![Results::new(seats); PEOPLE],
            sat_out: vec![0; PEOPLE],
            session_net: vec![Moments::default(); PEOPLE],
            win_value_bins: vec![0; 2 * WIN_VALUE_BINS],
            win_value: 0,
            yaku: vec![0; Yaku::counted(blue_fives)],
            yakuman: 0,
            exhaustive: 0,
            south: 0,
            length: Histogram::new(0, 40),
            sudden_death: Histogram::new(0, 40),
            stopped: 0,
            busts: 0,
            capped: 0,
            double_rons: 0,
        }
    }

    /// Adds game `o`, played by `seats` (the person in each seat) with `out` sitting out.
    pub(crate) fn record(&mut self, o: &HanchanOutcome, seats: &[u8], out: Option<u8>) {
        self.games += 1;
        self.hands += u64::from(o.hands);
        for (s, &p) in seats.iter().enumerate() {
            self.seats[s].record(o, s);
            self.persons[usize::from(p)].record(o, s);
            self.win_value += u64::from(o.win_value[s]);
        }
        if let Some(p) = out {
            self.sat_out[usize::from(p)] += 1;
        }
        for (a, b) in self.win_value_bins.iter_mut().zip(o.win_value_hist.iter().flatten()) {
            *a += u64::from(*b);
        }
        self.yaku.iter_mut().zip(o.yaku).for_each(|(a, b)| *a += u64::from(b));
        self.yakuman += u64::from(o.yakuman);
        self.exhaustive += u64::from(o.exhaustive_draws);
        self.length.record(i64::from(o.hands));
        if o.late_hands > 0 {
            self.south += 1;
            self.sudden_death.record(i64::from(o.late_hands));
        }
        self.stopped += u64::from(o.dealer_stopped);
        self.busts += u64::from(o.bust);
        self.capped += u64::from(o.capped);
        self.double_rons += u64::from(o.double_rons);
    }

    /// Every seat's counts together.
    pub(super) fn total(&self) -> Counts {
        let mut c = Counts::default();
        self.seats.iter().for_each(|s| c += s.counts);
        c
    }

    /// The share of games with `n` of them.
    pub(super) fn per_game(&self, n: u64) -> Rate {
        Rate::of(n, self.games)
    }

    /// The per-player-hand rates: (name, rate).
    pub(super) fn rates(&self) -> Vec<(&'static str, Rate)> {
        let c = self.total();
        let player_hands = self.hands * self.seats.len() as u64;
        let rate = Rate::of;
        vec![
            ("win", rate(c.wins, player_hands)),
            ("tsumo_win", rate(c.tsumo, player_hands)),
            ("deal_in", rate(c.deal_ins, player_hands)),
            ("forced_deal_in", rate(c.forced_deal_ins, player_hands)),
            ("riichi", rate(c.riichi, player_hands)),
            ("open_riichi", rate(c.open_riichi, player_hands)),
            ("call", rate(c.open_hands, player_hands)),
            ("exhaustive_draw", rate(self.exhaustive, self.hands)),
        ]
    }

    pub(crate) fn yaku_rate(&self, y: Yaku) -> Rate {
        Rate::of(self.yaku[y as usize], self.total().wins)
    }

    /// The yaku that appeared, most frequent first (ties in `rules`' listing order).
    pub(crate) fn shown_yaku(&self, rules: &Rules) -> Vec<Yaku> {
        let mut shown: Vec<Yaku> = rules.yaku_order().into_iter().filter(|y| self.yaku[*y as usize] > 0).collect();
        shown.sort_by_key(|y| std::cmp::Reverse(self.yaku[*y as usize]));
        shown
    }
}

crate::merge_fields!(GotoAcc {
    sessions,
    games,
    hands,
    seats,
    persons,
    sat_out,
    session_net,
    win_value_bins,
    win_value,
    yaku,
    yakuman,
    exhaustive,
    south,
    length,
    sudden_death,
    stopped,
    busts,
    capped,
    double_rons
});
