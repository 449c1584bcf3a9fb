//! Replaying a game record under the table's rules (`sim mahjong replay`).
//!
//! Each hand's wall is rebuilt from the record (dealt hands, live and
//! rinshan draws, dora and ura indicators; unseen places take the unused
//! pieces of the rules' tile set), the record's decisions are played on the
//! table in order (every one checked against the legal actions), and every
//! event the table then produces is compared with the record's, `dora`
//! events aside (engines turn kan dora at different moments; their values
//! are in the wall). Two kinds of [`Finding`]:
//! - [`FindingKind::Illegal`]: a decision the rules do not allow, or an
//!   event that cannot happen where the record has it. The game stops there.
//! - [`FindingKind::Mismatch`]: a result that differs: a win's points,
//!   han, fu or yaku, a draw's payments, the next hand's round, honba,
//!   sticks or points, the end of the game or its final points. The replay
//!   goes on, taking up the record's points at the next hand.
//!
//! Records written by other engines follow conventions of their own, accepted without a
//! finding: a `tsumo` written before an abortive draw's `ryukyoku` (四風連打, 四家立直,
//! 四槓散了, 三家和 end the hand before that draw under the rules; the piece is kept in the
//! wall, undrawn), and `end_kyoku` or `reach_accepted` left out (the table writes them; a
//! record without them is read as if they were there).
//!
//! A finding's message is in words; the event the rules give instead, if
//! any, is [`Finding::rules`] (the caller renders it, as mjai JSON). What a
//! record leaves out is not compared (a `hora`'s `pai`, `deltas` or score,
//! a draw's `deltas`, the final `scores`); `none` events are not expected
//! (a reader drops them).

use super::mjai::{Event, NO_HAND, pai_name};
use super::pieces::Marked;
use super::state::{Phase, kind};
use super::{Action, HAND_TILES, RiichiTable, TableState};
use crate::mahjong::{PhysTile, Tile};
use crate::{Game, GameRng, GameSeeds};

/// What a finding is.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum FindingKind {
    /// The record does what the rules do not allow.
    Illegal,
    /// A result differs from the record's.
    Mismatch,
}

/// One difference between a record and the rules.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Finding {
    /// Index of the record's event it concerns.
    pub event: usize,
    /// Illegal or mismatch.
    pub kind: FindingKind,
    /// What differs, in words.
    pub message: String,
    /// The event the rules give at that point, when there is one.
    pub rules: Option<Box<Event>>,
}

/// What a replay found.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct ReplayReport {
    /// Games replayed (to their end or to an illegal event).
    pub games: usize,
    /// Hands dealt.
    pub hands: usize,
    /// Wins compared.
    pub wins: usize,
    /// Findings in record order: mismatches, then at most one illegal
    /// event per game, where that game stopped.
    pub findings: Vec<Finding>,
}

impl ReplayReport {
    /// Whether the record agrees with the rules throughout.
    pub fn is_clean(&self) -> bool {
        self.findings.is_empty()
    }
}

/// Replays `record` (one or more games, each from `start_game` to
/// `end_game`) under `game`'s rules.
pub fn replay(game: &RiichiTable, record: &[Event]) -> ReplayReport {
    let game = game.clone().with_event_log(true);
    let mut r = Replayer {
        state: game.new_state(),
        game: &game,
        record,
        rng: GameSeeds::new(0).rng(0),
        cursor: 0,
        seen: 0,
        dealt: false,
        hand_differs: false,
        legal: Vec::new(),
        report: ReplayReport::default(),
    };
    if let Some(at) = record.iter().position(|e| played_pieces(e).iter().any(|p| p.kind().is_none())) {
        r.report.findings.push(illegal(at, "a flower is set aside as it is drawn: it is never discarded or called"));
        return r.report;
    }
    while r.cursor < record.len() {
        let at = r.cursor;
        if record[at] != Event::StartGame {
            r.report.findings.push(illegal(at, "a game must begin with start_game"));
            break;
        }
        r.report.games += 1;
        if let Err(f) = r.game() {
            r.report.findings.push(f);
            // Go on from the next game in the record, if any.
            r.cursor = (at + 1..record.len()).find(|&i| record[i] == Event::StartGame).unwrap_or(record.len());
        }
    }
    r.report
}

/// Why a game stopped early.
type Stop = Finding;

fn illegal(at: usize, why: &str) -> Finding {
    Finding { event: at, kind: FindingKind::Illegal, message: why.to_string(), rules: None }
}

struct Replayer<'a> {
    game: &'a RiichiTable,
    record: &'a [Event],
    state: TableState,
    rng: GameRng,
    /// Next record event not yet matched.
    cursor: usize,
    /// Table events already matched.
    seen: usize,
    /// The table's newest `start_kyoku` was dealt from the record.
    dealt: bool,
    /// A result of this hand already differed (its points are taken up
    /// silently at the next deal).
    hand_differs: bool,
    legal: Vec<Action>,
    report: ReplayReport,
}

/// The next step after matching the table's events.
enum Synced {
    /// The table waits for a decision (or the game is over).
    Ready,
    /// The table dealt a hand of its own; deal the record's instead.
    Deal,
}

impl Replayer<'_> {
    fn game(&mut self) -> Result<(), Stop> {
        self.game.start_game(&mut self.state);
        self.seen = 0;
        self.sync()?;
        self.deal()?;
        loop {
            if let Synced::Deal = self.sync()? {
                self.deal()?;
                continue;
            }
            let Some(seat) = self.game.to_move(&self.state) else { return Ok(()) };
            let (at, action) = match self.state.phase {
                Phase::Turn { .. } => self.turn_decision(seat)?,
                Phase::Stop { .. } => self.stop_decision(),
                _ => self.offer_answer(seat),
            };
            self.game.legal_actions(&self.state, &mut self.legal);
            if !self.legal.contains(&action) {
                let why = format!("seat {seat} may not {action:?} here (legal: {:?})", self.legal);
                return Err(illegal(at, &why));
            }
            self.game.apply(&mut self.state, action, &mut self.rng);
            // A call's pieces are taken only when the offer resolves, after every seat asked
            // has answered: its choice of marked pieces stands until then.
            if !matches!(self.state.phase, Phase::Offer { .. }) {
                self.state.seats.iter_mut().for_each(|s| s.marked_first = Marked::NONE);
            }
        }
    }

    /// Index of the next record event at or after `from` that is not a `dora`.
    fn next_from(&self, from: usize) -> Option<usize> {
        (from..self.record.len()).find(|&i| !matches!(self.record[i], Event::Dora { .. }))
    }

    /// Whether the record's next event (past `dora`s) is of the same kind as `mine`.
    fn next_is(&self, mine: &Event) -> bool {
        self.next_from(self.cursor)
            .is_some_and(|i| std::mem::discriminant(&self.record[i]) == std::mem::discriminant(mine))
    }

    /// `at`, or past a `tsumo` there when the rules give an abortive draw's `ryukyoku` and
    /// the record's next event is that `ryukyoku` (the draw the abort cut short).
    fn past_abort_draw(&self, at: usize, mine: &Event) -> usize {
        match (mine, self.record[at]) {
            (Event::Ryukyoku { .. }, Event::Tsumo { .. }) => match self.next_from(at + 1) {
                Some(n) if matches!(self.record[n], Event::Ryukyoku { .. }) => n,
                _ => at,
            },
            _ => at,
        }
    }

    /// The record event at the cursor (past `dora`s), or a stop if the
    /// record ended where the rules go on with `what` (`rules`, if an event).
    fn expect_next(&self, what: &str, rules: Option<Event>) -> Result<usize, Stop> {
        self.next_from(self.cursor).ok_or_else(|| Finding {
            event: self.record.len().saturating_sub(1),
            kind: FindingKind::Illegal,
            message: format!("the record ends where the rules go on with {what}"),
            rules: rules.map(Box::new),
        })
    }

    /// Matches the table's new events with the record's, in order.
    fn sync(&mut self) -> Result<Synced, Stop> {
        while self.seen < self.state.events.events().len() {
            let mine = self.state.events.events()[self.seen];
            match mine {
                Event::Dora { .. } => {
                    self.seen += 1;
                    continue;
                }
                Event::StartKyoku { .. } if !self.dealt => return Ok(Synced::Deal),
                Event::StartKyoku { .. } => self.dealt = false,
                Event::EndKyoku | Event::ReachAccepted { .. } if !self.next_is(&mine) => {
                    self.seen += 1;
                    continue;
                }
                _ => {}
            }
            let at = self.past_abort_draw(self.expect_next("this event", Some(mine))?, &mine);
            self.compare(at, &mine)?;
            self.cursor = at + 1;
            self.seen += 1;
        }
        Ok(Synced::Ready)
    }

    /// Compares a table event with the record's event at `at`.
    fn compare(&mut self, at: usize, mine: &Event) -> Result<(), Stop> {
        let theirs = &self.record[at];
        let mismatch = |what: &str| Finding {
            event: at,
            kind: FindingKind::Mismatch,
            message: format!("{what} under the rules"),
            rules: Some(Box::new(*mine)),
        };
        match (mine, theirs) {
            (
                Event::Hora { actor, target, pai, deltas, score, .. },
                Event::Hora { actor: a, target: t, pai: p, deltas: d, score: s, .. },
            ) if (actor, target) == (a, t) && (p.is_none() || pai == p) => {
                self.report.wins += 1;
                let scored = |s: &Option<super::mjai::HoraScore>| {
                    s.map(|s| {
                        let mut y = s.yaku.as_slice().to_vec();
                        y.sort();
                        (s.han, s.fu, y)
                    })
                };
                let (mine_score, their_score) = (scored(score), scored(s));
                let score_differs = match (&mine_score, &their_score) {
                    (Some((h, f, y)), Some((h2, f2, y2))) => (h, f) != (h2, f2) || (!y2.is_empty() && y != y2),
                    _ => false,
                };
                if (d.is_some() && deltas != d) || score_differs {
                    self.differs(mismatch("the win scores differently"));
                }
            }
            (Event::Ryukyoku { deltas }, Event::Ryukyoku { deltas: d }) => {
                if d.is_some() && deltas != d {
                    self.differs(mismatch("the draw pays differently"));
                }
            }
            (Event::EndGame { scores }, Event::EndGame { scores: s }) => {
                if s.is_some() && scores != s && !self.hand_differs {
                    self.differs(mismatch("the final points differ"));
                }
            }
            (Event::EndGame { .. }, _) => return Err(mismatch("the game goes on in the record but ends")),
            _ if same_event(mine, theirs) => {}
            _ => {
                let mut f = illegal(at, "cannot happen here; the rules give");
                f.rules = Some(Box::new(*mine));
                return Err(f);
            }
        }
        Ok(())
    }

    /// Records a mismatch (one per hand is enough to follow).
    fn differs(&mut self, f: Finding) {
        if !self.hand_differs {
            self.report.findings.push(f);
        }
        self.hand_differs = true;
    }

    /// Deals the record's next hand in place of the table's own.
    fn deal(&mut self) -> Result<(), Stop> {
        let mine = self.state.events.events().get(self.seen).copied();
        self.state.events.truncate(self.seen);
        let at = match mine {
            Some(e) => self.expect_next("this event", Some(e))?,
            None => self.expect_next("a hand", None)?,
        };
        let theirs = self.record[at];
        let Event::StartKyoku { bakaze, kyoku, honba, kyotaku, oya, scores, .. } = theirs else {
            let message = match mine {
                Some(_) => "the game ends in the record but goes on under the rules with this event",
                None => "a game's first event after start_game must be start_kyoku",
            };
            return Err(Finding {
                event: at,
                kind: FindingKind::Mismatch,
                message: message.into(),
                rules: mine.map(Box::new),
            });
        };
        let players = self.game.rules.players;
        if !(1..=players).contains(&kyoku) || oya != kyoku - 1 || bakaze > 3 {
            return Err(illegal(at, "seat 0 deals East 1: oya must be kyoku - 1"));
        }
        let s = &self.state;
        let (round, honba_now) = (s.round, s.honba);
        if (bakaze * players + kyoku - 1, honba, kyotaku, scores) != (round, honba_now, s.sticks, s.points)
            && !self.hand_differs
        {
            let wind = ["East", "South", "West", "North"][(round / players % 4) as usize];
            let message = format!(
                "the rules deal {wind} {}, honba {honba_now}, {} sticks, points {:?}",
                round % players + 1,
                s.sticks,
                s.points
            );
            self.report.findings.push(Finding { event: at, kind: FindingKind::Mismatch, message, rules: None });
        }
        let s = &mut self.state;
        (s.round, s.honba, s.sticks, s.points) = (bakaze * players + kyoku - 1, honba, kyotaku, scores);
        let wall = self.wall(at)?;
        self.hand_differs = false;
        self.dealt = true;
        self.report.hands += 1;
        self.game.deal_wall(&mut self.state, &wall);
        Ok(())
    }

    /// The wall of the hand whose `start_kyoku` is at `at`.
    fn wall(&self, at: usize) -> Result<Vec<PhysTile>, Stop> {
        let Event::StartKyoku { oya, dora_marker, tehais, .. } = self.record[at] else { unreachable!("a deal") };
        let layout = self.game.layout;
        let players = usize::from(self.game.rules.players);
        if tehais[..players].contains(&NO_HAND) || tehais[players..].iter().any(|h| *h != NO_HAND) {
            return Err(illegal(at, &format!("start_kyoku must deal {players} hands at this table")));
        }
        let mut wall: Vec<Option<PhysTile>> = vec![None; layout.tiles()];
        for i in 0..players {
            for (k, &p) in tehais[(oya as usize + i) % players].iter().enumerate() {
                wall[HAND_TILES * i + k] = Some(p);
            }
        }
        let at_deal = usize::from(self.game.settings.indicators_at_deal);
        wall[layout.indicator(0)] = Some(dora_marker);
        let mut live_end = layout.live_end_at_deal(at_deal);
        // The deal's further indicators are recorded as dora events before the first draw.
        // The draw after a kan, a nuki tile or a flower set aside is a replacement.
        let (mut live, mut rinshan, mut indicators, mut replacement) = (0, 0, 1, false);
        for (i, e) in self.record.iter().enumerate().skip(at + 1) {
            let place = |slot: usize, p: PhysTile, wall: &mut [Option<PhysTile>]| {
                if wall[slot].is_some_and(|q| q != p) {
                    return Err(illegal(i, "contradicts a piece the record showed before"));
                }
                wall[slot] = Some(p);
                Ok(())
            };
            match *e {
                Event::Tsumo { pai, .. } if replacement => {
                    if rinshan == layout.max_replacements() {
                        return Err(illegal(i, "a replacement draw past the last replacement tile"));
                    }
                    place(layout.replacement(rinshan), pai, &mut wall)?;
                    rinshan += 1;
                    live_end -= layout.live_tiles_per_replacement();
                    replacement = false;
                }
                Event::Tsumo { pai, .. } => {
                    if HAND_TILES * players + live >= live_end {
                        return Err(illegal(i, "a draw from an empty live wall"));
                    }
                    place(HAND_TILES * players + live, pai, &mut wall)?;
                    live += 1;
                }
                Event::Ankan { .. }
                | Event::Kakan { .. }
                | Event::Daiminkan { .. }
                | Event::Nukidora { .. }
                | Event::Hana { .. } => replacement = true,
                Event::Dora { dora_marker } => {
                    if layout.max_indicators() == Some(indicators) {
                        return Err(illegal(i, "a dora indicator past the last indicator place"));
                    }
                    place(layout.indicator(indicators), dora_marker, &mut wall)?;
                    if indicators >= at_deal {
                        live_end -= layout.live_tiles_per_indicator();
                    }
                    indicators += 1;
                }
                Event::Hora { ura_markers, .. } => {
                    for (k, &p) in ura_markers.as_slice().iter().enumerate() {
                        place(layout.ura(k), p, &mut wall)?;
                    }
                }
                Event::EndKyoku | Event::StartKyoku { .. } | Event::EndGame { .. } => break,
                _ => {}
            }
        }
        self.fill(at, wall)
    }

    /// Checks the shown pieces against the rules' tile set and fills the
    /// unseen places with the unused pieces.
    fn fill(&self, at: usize, wall: Vec<Option<PhysTile>>) -> Result<Vec<PhysTile>, Stop> {
        let mut unused: Vec<PhysTile> = self.game.base_wall[..self.game.layout.tiles()].to_vec();
        for p in wall.iter().flatten() {
            match unused.iter().position(|q| q == p) {
                Some(k) => {
                    unused.swap_remove(k);
                }
                None => {
                    let why = format!("the hand shows more {} than the rules' tile set has", pai_name(*p));
                    return Err(illegal(at, &why));
                }
            }
        }
        let mut rest = unused.into_iter();
        Ok(wall.into_iter().map(|p| p.or_else(|| rest.next()).expect("a piece for every place")).collect())
    }

    /// The record's decision for `seat` on its turn.
    fn turn_decision(&mut self, seat: usize) -> Result<(usize, Action), Stop> {
        let at = self.expect_next(&format!("a decision by seat {seat}"), None)?;
        let e = self.record[at];
        let mine = |actor: u8| actor as usize == seat;
        let action = match e {
            Event::Reach { actor, open } if mine(actor) => match self.next_from(at + 1).map(|k| (k, self.record[k])) {
                Some((k, Event::Dahai { actor: a, pai, tsumogiri })) if a == actor => {
                    self.check_tsumogiri(k, seat, pai, tsumogiri)?;
                    self.gives(seat, &[pai]);
                    if open { Action::OpenRiichi(kind(pai)) } else { Action::Riichi(kind(pai)) }
                }
                _ => return Err(illegal(at, "a reach must be followed by its discard")),
            },
            Event::Dahai { actor, pai, tsumogiri } if mine(actor) => {
                self.check_tsumogiri(at, seat, pai, tsumogiri)?;
                self.gives(seat, &[pai]);
                Action::Discard(kind(pai))
            }
            Event::Ankan { actor, consumed } if mine(actor) => Action::ClosedKan(kind(consumed[0])),
            Event::Nukidora { actor, pai } if mine(actor) => Action::Nuki(kind(pai)),
            Event::Kakan { actor, pai, .. } if mine(actor) => {
                self.gives(seat, &[pai]);
                Action::AddedKan(kind(pai))
            }
            Event::Hora { actor, target, .. } if mine(actor) && actor == target => Action::Tsumo,
            Event::Ryukyoku { .. } => Action::NineTerminals,
            _ => return Err(illegal(at, &format!("seat {seat} is to act on its turn here"))),
        };
        Ok((at, action))
    }

    /// Makes `seat`'s next discard or call give up the marked pieces among the record's
    /// `pieces` (red, gold or blue fives, the pocchi), as the record names them.
    fn gives(&mut self, seat: usize, pieces: &[PhysTile]) {
        self.state.seats[seat].marked_first = Marked::of(pieces);
    }

    /// The ツモ切り flag of the record's discard at `at` of `pai` by `seat`, when the record
    /// gives it, against the table (mjai: true exactly when the piece discarded is the one
    /// just drawn): a flagged discard must be of the kind just drawn, and one not flagged
    /// of a kind the hand held before the draw (not after a call, where nothing is drawn).
    fn check_tsumogiri(&self, at: usize, seat: usize, pai: PhysTile, tsumogiri: Option<bool>) -> Result<(), Stop> {
        let s = &self.state.seats[seat];
        let t = kind(pai);
        if s.hand[t.index()] == 0 {
            return Ok(()); // not held at all: the legality check names it
        }
        let held = s.hand[t.index()] - u8::from(s.drawn == Some(t));
        match tsumogiri {
            Some(true) if s.drawn != Some(t) => {
                Err(illegal(at, &format!("a discard flagged tsumogiri of {}, not the tile just drawn", pai_name(pai))))
            }
            Some(false) if s.drawn == Some(t) && held == 0 => Err(illegal(
                at,
                &format!("a discard not flagged tsumogiri of {}, which only the tile just drawn is", pai_name(pai)),
            )),
            _ => Ok(()),
        }
    }

    /// The record's answer of `seat` to the offered tile: ron if the
    /// record's next events are wins on it by `seat`, its call if the next
    /// event is its call, else pass.
    /// 和了やめ as the record shows it: the game ends there, or another hand follows.
    fn stop_decision(&self) -> (usize, Action) {
        let next = self.record[self.cursor..].iter().find(|e| !matches!(e, Event::Dora { .. }));
        let stop = matches!(next, None | Some(Event::EndGame { .. }));
        (self.cursor, if stop { Action::Stop } else { Action::Continue })
    }

    fn offer_answer(&mut self, seat: usize) -> (usize, Action) {
        let Phase::Offer { from, .. } = self.state.phase else { unreachable!("an offer") };
        let skip = |e: &Event| matches!(e, Event::Dora { .. } | Event::ReachAccepted { .. });
        let mut k = self.cursor;
        while k < self.record.len() && skip(&self.record[k]) {
            k += 1;
        }
        let Some(&first) = self.record.get(k) else { return (self.cursor.min(k), Action::Pass) };
        let call = |actor: u8, target: u8| actor as usize == seat && target == from;
        let action = match first {
            Event::Hora { target, .. } if target == from => {
                let ron = self.record[k..]
                    .iter()
                    .filter(|e| !skip(e))
                    .take_while(|e| matches!(e, Event::Hora { target: t, .. } if *t == from))
                    .any(|e| matches!(e, Event::Hora { actor, .. } if *actor as usize == seat));
                if ron { Action::Ron } else { Action::Pass }
            }
            Event::Chi { actor, target, pai, consumed } if call(actor, target) => {
                self.gives(seat, &consumed);
                let low = consumed.iter().map(|&p| kind(p).index()).fold(kind(pai).index(), usize::min);
                Action::Chi(Tile::from_index(low as u8).expect("a kind"))
            }
            Event::Pon { actor, target, consumed, .. } if call(actor, target) => {
                self.gives(seat, &consumed);
                Action::Pon
            }
            Event::Daiminkan { actor, target, consumed, .. } if call(actor, target) => {
                self.gives(seat, &consumed);
                Action::Kan
            }
            _ => Action::Pass,
        };
        (k, action)
    }
}

/// The pieces an event discards or melds (a flower among them cannot be replayed).
fn played_pieces(e: &Event) -> Vec<PhysTile> {
    match *e {
        Event::Dahai { pai, .. } => vec![pai],
        Event::Chi { pai, consumed, .. } | Event::Pon { pai, consumed, .. } => vec![pai, consumed[0], consumed[1]],
        Event::Daiminkan { pai, consumed, .. } | Event::Kakan { pai, consumed, .. } => {
            [pai].into_iter().chain(consumed).collect()
        }
        Event::Ankan { consumed, .. } => consumed.to_vec(),
        _ => Vec::new(),
    }
}

/// Whether two events agree, apart from what the replay does not compare
/// (the discard's tsumogiri flag, the order of a call's pieces).
fn same_event(a: &Event, b: &Event) -> bool {
    let sorted = |ps: &[PhysTile]| {
        let mut v: Vec<&str> = ps.iter().map(|&p| pai_name(p)).collect();
        v.sort_unstable();
        v
    };
    match (*a, *b) {
        (Event::Dahai { actor, pai, .. }, Event::Dahai { actor: x, pai: p, .. }) => (actor, pai) == (x, p),
        (Event::Chi { actor, target, pai, consumed }, Event::Chi { actor: x, target: t, pai: p, consumed: c })
        | (Event::Pon { actor, target, pai, consumed }, Event::Pon { actor: x, target: t, pai: p, consumed: c }) => {
            (actor, target, pai) == (x, t, p) && sorted(&consumed) == sorted(&c)
        }
        (
            Event::Daiminkan { actor, target, pai, consumed },
            Event::Daiminkan { actor: x, target: t, pai: p, consumed: c },
        ) => (actor, target, pai) == (x, t, p) && sorted(&consumed) == sorted(&c),
        (Event::Kakan { actor, pai, consumed }, Event::Kakan { actor: x, pai: p, consumed: c }) => {
            (actor, pai) == (x, p) && sorted(&consumed) == sorted(&c)
        }
        (Event::Ankan { actor, consumed }, Event::Ankan { actor: x, consumed: c }) => {
            actor == x && sorted(&consumed) == sorted(&c)
        }
        _ => a == b,
    }
}
