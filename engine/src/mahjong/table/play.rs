//! A hand's flow on a seat's turn: shuffling and dealing, draws, discards,
//! riichi, closed and added kans, tsumo and nine terminals.

use super::config::{KanDoraTurn, PocchiWild, RiichiKan};
use super::mjai::{Event, NO_HAND};
use super::outcome::Abort;
use super::pieces::Taken;
use super::record::{Extracted, HandRecord};
use super::state::{OfferKind, Phase, SeatState, kind};
use super::{Action, HAND_TILES, MAX_KANS, MAX_SEATS, RIICHI_STICK, RiichiTable, TableState};
use crate::GameRng;
use crate::mahjong::{
    Block, BlockKind, Flower, Meld, MeldKind, PhysTile, Tile, TileCounts, TileSet, for_each_standard, shanten,
    shanten_after_discards, ukeire,
};
use rand::RngExt;

impl SeatState {
    /// Adds a piece to the concealed tiles.
    pub(crate) fn add(&mut self, p: PhysTile) {
        self.hand[kind(p).index()] += 1;
        self.marked.add(p);
    }

    /// Removes `n` copies of `t`, plain ones first (but the marked ones
    /// [`marked_first`](SeatState::marked_first) names); returns the pieces taken.
    pub(crate) fn take(&mut self, t: Tile, n: u8) -> Taken {
        let held = self.hand[t.index()];
        self.hand[t.index()] = held - n;
        self.marked.take(t, held, n, self.marked_first)
    }

    pub(crate) fn push_meld(&mut self, kind: MeldKind, tile: Tile, from: usize) {
        let i = self.meld_count as usize;
        self.melds[i] = Meld { kind, tile };
        self.meld_from[i] = from as u8;
        self.meld_count += 1;
    }
}

impl RiichiTable {
    pub(super) fn start_game(&self, state: &mut TableState) {
        state.players = self.rules.players;
        state.points = std::array::from_fn(|s| if s < state.players() { self.settings.start_points } else { 0 });
        state.layout = self.layout;
        state.round = 0;
        state.honba = 0;
        state.dealer_wins = 0;
        state.sticks = 0;
        state.home_run = 0;
        state.record = super::HanchanOutcome::EMPTY;
        state.hand_log.clear();
        state.events.clear();
        state.events.push(Event::StartGame);
    }

    /// Shuffles the wall from `rng` and deals.
    pub(super) fn start_hand(&self, state: &mut TableState, rng: &mut GameRng) {
        state.wall = self.base_wall;
        for i in (1..state.layout.tiles()).rev() {
            let j = rng.random_range(0..=i as u32) as usize;
            state.wall.swap(i, j);
        }
        self.deal(state);
    }

    /// Deals a hand from `wall` (the whole wall in draw order: the dealer's 13,
    /// then each seat's 13 in turn, then the draws; the back as the table's
    /// [`WallLayout`](super::WallLayout) says) instead of a shuffle: for
    /// scenario tests and replays. Points, round, honba and sticks are kept as
    /// they are in `state`. Panics unless `wall` is as long as the table's.
    pub fn deal_wall(&self, state: &mut TableState, wall: &[PhysTile]) {
        assert_eq!(wall.len(), self.layout.tiles(), "a wall of the table's length");
        state.wall[..wall.len()].copy_from_slice(wall);
        self.deal(state);
    }

    fn deal(&self, state: &mut TableState) {
        let dealer = state.dealer();
        if self.log_hands {
            state.hand =
                HandRecord { round: state.round, honba: state.honba, points_before: state.points, ..HandRecord::EMPTY };
        }
        // Flowers dealt, bit `Flower as u8` per seat: set aside once the deal is recorded.
        let mut flowers = [0u8; MAX_SEATS];
        for i in 0..state.players() {
            let seat = state.seat_after(dealer, i);
            let s = &mut state.seats[seat];
            *s = SeatState { nuki: self.rules.set.nuki().none(), ..SeatState::EMPTY };
            for &p in state.wall[HAND_TILES * i..HAND_TILES * (i + 1)].iter() {
                match p {
                    PhysTile::Flower(f) => flowers[seat] |= 1 << f as u8,
                    p => s.add(p),
                }
            }
        }
        state.next = (HAND_TILES * state.players()) as u8;
        state.indicators = self.settings.indicators_at_deal;
        state.kan_dora_pending = 0;
        state.kan_blocked = false;
        state.live_end = state.layout.live_end_at_deal(state.indicators as usize) as u8;
        state.replacements = 0;
        state.kans = 0;
        state.riichi_declared = 0;
        state.kan_seats = 0;
        state.uninterrupted = true;
        state.kan_feeder = None;
        state.kan_ippatsu = 0;
        state.four_kan_abort = false;
        state.claims = [super::Claim::None; MAX_SEATS];
        if state.events.is_on() {
            let players = state.players();
            let tehais = std::array::from_fn(|s| match s < players {
                true => std::array::from_fn(|k| state.wall[HAND_TILES * state.seat_wind(s) as usize + k]),
                false => NO_HAND,
            });
            state.events.push(Event::StartKyoku {
                bakaze: state.round_wind(),
                kyoku: state.kyoku(),
                honba: state.honba,
                kyotaku: state.sticks,
                oya: dealer as u8,
                dora_marker: state.wall[state.layout.indicator(0)],
                scores: state.points,
                tehais,
            });
        }
        for i in 1..state.indicators {
            state.events.push(Event::Dora { dora_marker: state.wall[state.layout.indicator(i as usize)] });
        }
        // Dealt flowers are set aside and replaced at once, in turn order from the dealer.
        for i in 0..state.players() {
            let seat = state.seat_after(dealer, i);
            for f in Flower::ALL.into_iter().filter(|&f| flowers[seat] & 1 << f as u8 != 0) {
                self.set_aside(state, seat, f);
                let p = self.replacement(state, seat);
                state.seats[seat].add(p);
            }
        }
        for s in 0..state.players() {
            self.update_waits(state, s);
        }
        self.draw(state, dealer, false);
    }

    /// Recomputes the waits of a seat holding 3n+1 tiles (with a wild pocchi, G-R6: what
    /// the pocchi as any kind would complete).
    pub(super) fn update_waits(&self, state: &mut TableState, seat: usize) {
        let s = &mut state.seats[seat];
        s.waits = if self.wild_pocchi(s) {
            // Kinds held four times (the pocchi counted as a haku) cannot be drawn.
            let waits = self.wild_choices(&s.hand).fold(TileSet::EMPTY, |w, (_, h)| w.union(self.waits_of(&h)));
            waits.iter().filter(|t| s.hand[t.index()] < 4).collect()
        } else {
            self.waits_of(&s.hand)
        };
    }

    /// The waits of 3n+1 tiles `hand` (none unless tenpai). A wild pocchi's fifth copy (a
    /// kind counted five times) is beyond shanten's tables: then each kind that can be
    /// drawn is tried on the standard form, the only one five copies fit.
    fn waits_of(&self, hand: &TileCounts) -> TileSet {
        if hand.iter().any(|&c| c > 4) {
            let completes = |w: Tile| {
                let mut c = *hand;
                c[w.index()] += 1;
                let mut any = false;
                for_each_standard(&c, |_, _| any = true);
                any
            };
            Tile::all().filter(|&w| self.shanten.kind_exists(w) && hand[w.index()] < 4 && completes(w)).collect()
        } else if shanten(hand, self.shanten) == 0 {
            ukeire(hand, self.shanten)
        } else {
            TileSet::EMPTY
        }
    }

    /// Whether the seat's pocchi is wild now (G-R6): in riichi and holding it, drawn since
    /// or (`held`) held at the declaration.
    pub(super) fn wild_pocchi(&self, s: &SeatState) -> bool {
        s.riichi
            && s.marked.pocchi()
            && match self.settings.pocchi_wild {
                PocchiWild::Never => false,
                PocchiWild::Drawn => s.drawn_pocchi,
                PocchiWild::Held => true,
            }
    }

    /// `hand` (holding the pocchi among its haku) with the pocchi as each kind of the set
    /// that the hand holds fewer than four of, or four of too with
    /// [`pocchi_fifth_copy`](super::TableSettings::pocchi_fifth_copy): the kind, and the tiles.
    pub(super) fn wild_choices(&self, hand: &TileCounts) -> impl Iterator<Item = (Tile, TileCounts)> + use<'_> {
        let mut rest = *hand;
        rest[Tile::HAKU.index()] -= 1;
        let most = if self.settings.pocchi_fifth_copy { 4 } else { 3 };
        Tile::all().filter(move |&k| self.rules.set.contains(k) && rest[k.index()] <= most).map(move |k| {
            let mut h = rest;
            h[k.index()] += 1;
            (k, h)
        })
    }

    /// Draws a live tile (or a replacement tile, 嶺上牌, after a kan or an extraction) for
    /// `seat`; a flower drawn is set aside and replaced at once, the draw then counting as
    /// a replacement draw (G-X6).
    pub(super) fn draw(&self, state: &mut TableState, seat: usize, mut rinshan: bool) {
        let p = if rinshan {
            self.replacement(state, seat)
        } else {
            state.next += 1;
            let p = state.wall[state.next as usize - 1];
            state.events.push(Event::Tsumo { actor: seat as u8, pai: p });
            match p {
                PhysTile::Flower(f) => {
                    self.set_aside(state, seat, f);
                    rinshan = true;
                    self.replacement(state, seat)
                }
                p => p,
            }
        };
        let s = &mut state.seats[seat];
        s.add(p);
        s.drawn = Some(kind(p));
        s.drawn_pocchi = p.is_pocchi();
        s.temp_furiten = false;
        state.phase = Phase::Turn { seat: seat as u8, called: false, rinshan };
    }

    /// Takes the next replacement tile from the back of the wall.
    fn replacement_tile(&self, state: &mut TableState) -> PhysTile {
        state.live_end -= state.layout.live_tiles_per_replacement() as u8;
        state.replacements += 1;
        state.wall[state.layout.replacement(state.replacements as usize - 1)]
    }

    /// A replacement tile for `seat` that is no flower: each flower on the way is set aside.
    /// Every piece drawn is recorded as a `tsumo`.
    fn replacement(&self, state: &mut TableState, seat: usize) -> PhysTile {
        loop {
            let p = self.replacement_tile(state);
            state.events.push(Event::Tsumo { actor: seat as u8, pai: p });
            match p {
                PhysTile::Flower(f) => self.set_aside(state, seat, f),
                p => return p,
            }
        }
    }

    /// A flower `seat` drew (or was dealt) is set aside (extracted).
    fn set_aside(&self, state: &mut TableState, seat: usize, f: Flower) {
        state.events.push(Event::Hana { actor: seat as u8, pai: PhysTile::Flower(f) });
        state.seats[seat].flowers |= 1 << f as u8;
        state.record.flowers[seat] += 1;
        if self.log_hands {
            state.hand.push_extraction(seat, Extracted::Flower(f));
        }
    }

    /// Whether the seat may declare a riichi depositing `sticks` at all (before choosing
    /// the discard).
    fn may_riichi(&self, state: &TableState, seat: usize, sticks: u8) -> bool {
        let s = &state.seats[seat];
        !s.riichi
            && !s.is_open()
            && (state.points[seat] >= RIICHI_STICK * i32::from(sticks) || !self.settings.riichi_needs_stick_points)
            && state.live_left() >= self.settings.riichi_min_live_tiles
            && shanten(&s.hand, self.shanten) <= 0
    }

    /// Whether a riichi seat may make a closed kan of `t`: only of the drawn
    /// tile, and only if the hand stays tenpai on the same waits (and with
    /// [`RiichiKan::WaitsAndShape`], keeps its shape).
    fn riichi_kan_ok(&self, s: &SeatState, t: Tile) -> bool {
        if s.drawn != Some(t) {
            return false;
        }
        let mut h = s.hand;
        h[t.index()] = 0;
        let waits = shanten(&h, self.shanten) == 0 && ukeire(&h, self.shanten) == s.waits;
        waits && (self.settings.riichi_kan != RiichiKan::WaitsAndShape || self.kan_keeps_shape(s, t))
    }

    /// 牌姿が変わらない: the riichi seat's drawn kind `t` is only ever a triplet — no wait
    /// itself, and in every reading of every winning hand (the 13 tiles before the draw
    /// plus a wait; with a wild pocchi, as each kind it may stand for) its copies make
    /// one triplet and nothing else. Allocation-free: the readings come one by one.
    fn kan_keeps_shape(&self, s: &SeatState, t: Tile) -> bool {
        if s.waits.contains(t) {
            return false;
        }
        let mut before = s.hand;
        before[t.index()] -= 1;
        let keeps = |h: &TileCounts| {
            s.waits.iter().all(|w| {
                let mut c = *h;
                if c[w.index()] >= 4 {
                    // No fifth copy: this wait completes another of the pocchi's readings.
                    return true;
                }
                c[w.index()] += 1;
                let mut only_triplet = true;
                for_each_standard(&c, |pair, sets| {
                    let triplet = |b: &Block| b.kind == BlockKind::Triplet && b.tile == t;
                    let elsewhere = pair == t || sets.iter().any(|b| b.contains(t) && !triplet(b));
                    only_triplet &= !elsewhere && sets.iter().any(triplet);
                });
                only_triplet
            })
        };
        if self.wild_pocchi(s) { self.wild_choices(&before).all(|(_, h)| keeps(&h)) } else { keeps(&before) }
    }

    pub(super) fn turn_actions(
        &self,
        state: &TableState,
        seat: usize,
        called: bool,
        rinshan: bool,
        out: &mut Vec<Action>,
    ) {
        let s = &state.seats[seat];
        if !called {
            let drawn = s.drawn.expect("a turn without a call follows a draw");
            let pocchi_wins = s.drawn_pocchi && self.wild_pocchi(s);
            if (s.waits.contains(drawn) || pocchi_wins) && self.score_tsumo(state, seat, rinshan).is_ok() {
                out.push(Action::Tsumo);
                if pocchi_wins {
                    // G-R6: a pocchi drawn after riichi is always a tsumo win.
                    return;
                }
            }
            if self.may_kan(state) {
                for t in Tile::all() {
                    let n = s.hand[t.index()];
                    if n == 4 && (!s.riichi || self.riichi_kan_ok(s, t)) {
                        out.push(Action::ClosedKan(t));
                    }
                    if n >= 1 && !s.riichi && s.melds().iter().any(|m| m.kind == MeldKind::Pon && m.tile == t) {
                        out.push(Action::AddedKan(t));
                    }
                }
            }
            if s.first_turn && state.uninterrupted && self.aborts_on(Abort::NineTerminals) {
                let kinds = Tile::all().filter(|t| t.is_terminal_or_honor() && s.hand[t.index()] > 0).count();
                if kinds >= 9 {
                    out.push(Action::NineTerminals);
                }
            }
        }
        let air = self.settings.north_extraction;
        let north = self.settings.north;
        let nuki = self.nuki;
        let extract = air
            && (state.replacements as usize) < state.layout.max_replacements()
            // A dead wall makes its replacement good from the live wall: not on the haitei.
            && state.live_left() as usize >= state.layout.live_tiles_per_replacement()
            && (!called || north.after_pon);
        let forced_kan = self.settings.riichi_kan == RiichiKan::Forced;
        if s.riichi && forced_kan && out.iter().any(|a| matches!(a, Action::ClosedKan(_))) {
            // G-K4: a kan keeping the waits is made (or the hand wins).
            return;
        }
        if s.riichi {
            let drawn = s.drawn.expect("riichi seats discard after a draw");
            let drew_nuki = extract && nuki.contains(drawn);
            if drew_nuki {
                out.push(Action::Nuki(drawn));
            }
            if !drew_nuki || north.discard {
                out.push(Action::Discard(drawn));
            }
        } else {
            if extract {
                for k in self.rules.set.nuki().as_slice() {
                    if s.hand[k.index()] > 0 {
                        out.push(Action::Nuki(*k));
                    }
                }
            }
            let riichi = !called && self.may_riichi(state, seat, 1);
            let open = riichi && self.may_open_riichi(state, seat);
            // 喰い替え: the kinds barred after this turn's chi or pon; a nuki kind that is air is
            // never discarded.
            let air_kinds = if air && !north.discard { nuki.0 } else { 0 };
            let banned = air_kinds | if called { state.kuikae } else { 0 };
            // A riichi discard leaves the hand tenpai: every discard's shanten in one pass.
            let after = riichi.then(|| shanten_after_discards(&s.hand, self.shanten));
            for t in Tile::all() {
                if s.hand[t.index()] == 0 || banned & (1 << t.index()) != 0 {
                    continue;
                }
                out.push(Action::Discard(t));
                if after.is_some_and(|a| a[t.index()] == 0) {
                    out.push(Action::Riichi(t));
                    if open {
                        out.push(Action::OpenRiichi(t));
                    }
                }
            }
        }
        if self.settings.open_riichi.declarers > 0 {
            self.spare_open_riichi(state, seat, out);
        }
    }

    /// Whether `seat` may declare open riichi now (G-R2): one of the first declarers of
    /// the hand, with the points for its sticks when riichi needs them.
    fn may_open_riichi(&self, state: &TableState, seat: usize) -> bool {
        let open = self.settings.open_riichi;
        state.riichi_declared < open.declarers && self.may_riichi(state, seat, open.sticks)
    }

    /// G-R3: the tiles an open riichi would win on are not given (discarded or extracted),
    /// unless every tile the seat may give would (手詰まり: then any may be).
    fn spare_open_riichi(&self, state: &TableState, seat: usize, out: &mut Vec<Action>) {
        if !state.others(seat).any(|o| state.seats[o].in_open_riichi()) {
            return;
        }
        let deals_in = |a: &Action| {
            let kind = if matches!(a, Action::Nuki(_)) { OfferKind::Nuki } else { OfferKind::Discard };
            a.gives().is_some_and(|t| {
                state.others(seat).any(|o| state.seats[o].in_open_riichi() && self.can_ron(state, o, t, kind))
            })
        };
        if out.iter().any(|a| a.gives().is_some() && !deals_in(a)) {
            out.retain(|a| !deals_in(a));
        }
    }

    pub(super) fn apply_turn(
        &self,
        state: &mut TableState,
        seat: usize,
        rinshan: bool,
        action: Action,
        rng: &mut GameRng,
    ) {
        match action {
            Action::Discard(t) => self.discard(state, seat, t, false, rng),
            Action::Riichi(t) => self.discard(state, seat, t, true, rng),
            Action::OpenRiichi(t) => {
                state.seats[seat].open_riichi = true;
                self.discard(state, seat, t, true, rng);
            }
            Action::Tsumo => self.settle_tsumo(state, seat, rinshan, rng),
            Action::NineTerminals => self.abort(state, Abort::NineTerminals, rng),
            Action::Nuki(t) => {
                let s = &mut state.seats[seat];
                let pai = s.take(t, 1).first();
                state.events.push(Event::Nukidora { actor: seat as u8, pai });
                s.nuki.add(t);
                s.drawn = None;
                state.record.norths[seat] += 1;
                if self.settings.north.breaks_ippatsu {
                    self.interrupt(state);
                }
                if self.log_hands {
                    state.hand.push_extraction(seat, Extracted::Nuki(t));
                }
                self.update_waits(state, seat);
                self.offer(state, seat, t, OfferKind::Nuki, rng);
            }
            Action::ClosedKan(t) => {
                self.turn_pending_kan_dora(state);
                let s = &mut state.seats[seat];
                let taken = s.take(t, 4);
                s.meld_marked.add_all(&taken);
                s.push_meld(MeldKind::ClosedKan, t, seat);
                s.drawn = None;
                let consumed = std::array::from_fn(|k| taken.as_slice()[k]);
                state.events.push(Event::Ankan { actor: seat as u8, consumed });
                state.kan_blocked = !self.kan_indicator_fits(state);
                let turn = (!state.kan_blocked).then_some(self.settings.kan_dora_turned.closed);
                self.after_kan(state, seat, turn);
                self.offer(state, seat, t, OfferKind::ClosedKan, rng);
            }
            Action::AddedKan(t) => {
                self.turn_pending_kan_dora(state);
                let s = &mut state.seats[seat];
                let taken = s.take(t, 1);
                s.meld_marked.add_all(&taken);
                let i = s.melds().iter().position(|m| m.kind == MeldKind::Pon && m.tile == t);
                s.melds[i.expect("an added kan needs its pon")].kind = MeldKind::OpenKan;
                s.drawn = None;
                state.record.calls[seat] += 1;
                let pai = taken.first();
                if state.events.is_on() {
                    let consumed = state.events.pon_tiles(seat as u8, pai);
                    state.events.push(Event::Kakan { actor: seat as u8, pai, consumed });
                }
                // The piece added is the one a chankan robs (a red five with its aka dora).
                state.offer_piece = pai;
                self.after_kan(state, seat, None);
                self.offer(state, seat, t, OfferKind::AddedKan, rng);
            }
            other => panic!("{other:?} is not a turn action"),
        }
    }

    /// Book-keeping common to every kan: counts, broken ippatsu and first
    /// go-around (the seats whose ippatsu it breaks are kept in
    /// [`TableState::kan_ippatsu`] for a chankan), the kan dora as `turn` says (`None`: not
    /// now); pao for suukantsu is set by the caller of a daiminkan.
    pub(super) fn after_kan(&self, state: &mut TableState, seat: usize, turn: Option<KanDoraTurn>) {
        state.kans += 1;
        state.kan_seats |= 1 << seat;
        state.kan_ippatsu = (0..state.players()).fold(0, |m, s| m | u8::from(state.seats[s].ippatsu) << s);
        self.interrupt(state);
        self.update_waits(state, seat);
        if let Some(turn) = turn {
            self.kan_dora(state, turn);
        }
        if state.kans as usize == MAX_KANS && state.kan_seats.count_ones() >= 2 && self.aborts_on(Abort::FourKans) {
            state.four_kan_abort = true;
        }
    }

    /// Whether a kan may be declared now: fewer than four so far, a replacement tile left,
    /// and not on the haitei (G-K2).
    pub(super) fn may_kan(&self, state: &TableState) -> bool {
        (state.kans as usize) < MAX_KANS
            && (state.replacements as usize) < state.layout.max_replacements()
            && state.live_left() > 0
    }

    /// Whether a kan's indicator can be turned now (always without kan dora). Under a live
    /// wall drawn to the indicators it comes off the live wall's end; a kan on the tile
    /// before the haitei finds too few tiles there, and the hand ends in an exhaustive
    /// draw without its replacement draw (G-K3).
    pub(super) fn kan_indicator_fits(&self, state: &TableState) -> bool {
        !self.settings.kan_dora || state.live_left() as usize >= state.layout.live_tiles_per_indicator()
    }

    /// A kan's indicator, turned now or at the kan maker's discard ([`KanDoraTurn`]).
    pub(super) fn kan_dora(&self, state: &mut TableState, turn: KanDoraTurn) {
        match turn {
            KanDoraTurn::AtOnce => self.turn_kan_indicator(state),
            KanDoraTurn::AfterDiscard => state.kan_dora_pending += u8::from(self.settings.kan_dora),
        }
    }

    /// Turns the kan indicators left for the discard (at the discard, or at a further kan).
    fn turn_pending_kan_dora(&self, state: &mut TableState) {
        for _ in 0..std::mem::take(&mut state.kan_dora_pending) {
            self.turn_kan_indicator(state);
        }
    }

    /// カンドラ: turns the next indicator after a kan (when the rules have kan dora).
    fn turn_kan_indicator(&self, state: &mut TableState) {
        if self.settings.kan_dora {
            state.indicators += 1;
            state.live_end -= state.layout.live_tiles_per_indicator() as u8;
            let dora_marker = state.wall[state.layout.indicator(state.indicators as usize - 1)];
            state.events.push(Event::Dora { dora_marker });
        }
    }

    /// A call or kan: ippatsu and first-go-around conditions end.
    pub(super) fn interrupt(&self, state: &mut TableState) {
        state.uninterrupted = false;
        for s in state.seats.iter_mut() {
            s.ippatsu = false;
        }
    }

    fn discard(&self, state: &mut TableState, seat: usize, t: Tile, riichi: bool, rng: &mut GameRng) {
        let uninterrupted = state.uninterrupted;
        let s = &mut state.seats[seat];
        // Discarding the drawn tile leaves the hand its waits were computed for.
        let tsumogiri = s.drawn == Some(t);
        state.offer_piece = s.take(t, 1).first();
        let i = s.river_len as usize;
        s.river[i] = t;
        s.river_len += 1;
        s.discarded.insert(t);
        s.drawn = None;
        if s.riichi {
            s.ippatsu = false;
        }
        if riichi {
            state.riichi_declared += 1;
            s.riichi_pending = true;
            s.double_riichi = s.first_turn && uninterrupted;
            s.riichi_at = i as u8;
        }
        s.first_turn = false;
        if !tsumogiri {
            self.update_waits(state, seat);
        }
        if riichi {
            let open = state.seats[seat].open_riichi;
            state.events.push(Event::Reach { actor: seat as u8, open });
        }
        for (o, other) in state.seats[..usize::from(state.players)].iter_mut().enumerate() {
            if o != seat && other.riichi {
                other.let_pass.insert(t);
            }
        }
        let pai = state.offer_piece;
        state.events.push(Event::Dahai { actor: seat as u8, pai, tsumogiri: Some(tsumogiri) });
        self.turn_pending_kan_dora(state);
        let seated = &state.seats[..state.players()];
        if uninterrupted && self.aborts_on(Abort::FourWinds) && seated.iter().all(|s| s.river_len == 1) {
            let first = seated[0].river[0];
            if first.is_wind() && seated.iter().all(|s| s.river[0] == first) {
                self.abort(state, Abort::FourWinds, rng);
                return;
            }
        }
        self.offer(state, seat, t, super::OfferKind::Discard, rng);
    }
}
