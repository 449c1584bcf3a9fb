//! 4人回し: a session of games among four people at a three-seat table, three seated
//! and one sitting out (抜け番) each whole game (GOTO-SPEC G-S9: 「抜け番は完全抜け」),
//! and who sits out next — not in the seed, so a [`Rotation`] rule (fixed cycle by
//! default). One game stays one [`Table::play`](crate::Table::play); a session only maps
//! people to seats between games, so studies report per person as well as per seat.

use serde::{Deserialize, Serialize};

/// People in a session of four.
pub const PEOPLE: usize = 4;
/// Seats at the table.
const SEATED: usize = 3;

/// Who sits out the next game.
#[derive(Clone, Copy, Debug, Default, Serialize, Deserialize, PartialEq, Eq)]
#[serde(rename_all = "snake_case")]
pub enum Rotation {
    /// In turn: person 3 sits out the first game, then persons 0, 1, 2, 3, …; the three
    /// seated take the seats in person order from the one after the sit-out (so the first
    /// dealer moves round too).
    #[default]
    Cycle,
    /// The last place sits out the next game; the sit-out takes its seat.
    LastSitsOut,
    /// The top sits out the next game; the sit-out takes its seat.
    TopSitsOut,
    /// Three fixed players (persons 0–2 in seats 0–2), nobody sits out (G-O3: no sit-out
    /// chips).
    Fixed,
}

/// Who plays which seat in one game, people numbered `0..PEOPLE`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Seating {
    /// The person in each seat (seat 0 deals first).
    pub seats: [u8; SEATED],
    /// The person sitting out, if anyone.
    pub sitting_out: Option<u8>,
}

impl Seating {
    /// The seat `person` plays, or `None` when sitting out (or not in the session).
    pub fn seat_of(&self, person: u8) -> Option<usize> {
        self.seats.iter().position(|&p| p == person)
    }
}

/// A session in progress: the seating of its next game.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Session {
    rotation: Rotation,
    games: u32,
    seating: Seating,
}

impl Session {
    /// A session's first game under `rotation`: persons 0–2 in seats 0–2, person 3 out.
    pub fn new(rotation: Rotation) -> Session {
        let sitting_out = (rotation != Rotation::Fixed).then_some(SEATED as u8);
        Session { rotation, games: 0, seating: Seating { seats: [0, 1, 2], sitting_out } }
    }

    /// The seating of the next game.
    pub fn seating(&self) -> Seating {
        self.seating
    }

    /// Games played so far.
    pub fn games(&self) -> u32 {
        self.games
    }

    /// Records a game whose places per seat were `ranks` (0 = first) and seats the next.
    pub fn next(&mut self, ranks: &[u8; SEATED]) {
        self.games += 1;
        let Some(out) = self.seating.sitting_out else { return };
        let leaving = |place: u8| ranks.iter().position(|&r| r == place).expect("every place is taken");
        let s = &mut self.seating;
        match self.rotation {
            Rotation::Cycle => {
                let next_out = (out + 1) % PEOPLE as u8;
                s.seats = std::array::from_fn(|k| (next_out + 1 + k as u8) % PEOPLE as u8);
                s.sitting_out = Some(next_out);
            }
            Rotation::LastSitsOut | Rotation::TopSitsOut => {
                let place = if self.rotation == Rotation::TopSitsOut { 0 } else { SEATED as u8 - 1 };
                let seat = leaving(place);
                s.sitting_out = Some(s.seats[seat]);
                s.seats[seat] = out;
            }
            Rotation::Fixed => unreachable!("a fixed session has nobody sitting out"),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Every game seats three different people and the fourth sits out.
    fn whole(s: &Seating) -> bool {
        let mut all: Vec<u8> = s.seats.iter().copied().chain(s.sitting_out).collect();
        all.sort_unstable();
        all == [0, 1, 2, 3]
    }

    #[test]
    fn g_s9_the_cycle_sits_everyone_out_once_in_four_games() {
        let mut session = Session::new(Rotation::Cycle);
        let mut out = Vec::new();
        for _ in 0..8 {
            let s = session.seating();
            assert!(whole(&s), "{s:?}");
            out.push(s.sitting_out.unwrap());
            session.next(&[0, 1, 2]);
        }
        assert_eq!(out, [3, 0, 1, 2, 3, 0, 1, 2]);
        // Person 0 sits out the second game; persons 1, 2, 3 take seats 0, 1, 2.
        let mut second = Session::new(Rotation::Cycle);
        second.next(&[2, 1, 0]);
        assert_eq!(second.seating(), Seating { seats: [1, 2, 3], sitting_out: Some(0) });
        assert_eq!((second.seating().seat_of(3), second.seating().seat_of(0), second.games()), (Some(2), None, 1));
    }

    #[test]
    fn g_s9_the_last_or_the_top_gives_the_sit_out_its_seat() {
        let mut last = Session::new(Rotation::LastSitsOut);
        last.next(&[1, 2, 0]);
        assert_eq!(last.seating(), Seating { seats: [0, 3, 2], sitting_out: Some(1) }, "seat 1 was last");
        let mut top = Session::new(Rotation::TopSitsOut);
        top.next(&[1, 2, 0]);
        assert_eq!(top.seating(), Seating { seats: [0, 1, 3], sitting_out: Some(2) }, "seat 2 was top");
        for _ in 0..20 {
            top.next(&[2, 0, 1]);
            assert!(whole(&top.seating()));
        }
    }

    #[test]
    fn g_o3_three_fixed_players_never_change() {
        let mut fixed = Session::new(Rotation::Fixed);
        fixed.next(&[2, 1, 0]);
        assert_eq!(fixed.seating(), Seating { seats: [0, 1, 2], sitting_out: None });
        assert_eq!(fixed.games(), 1);
    }
}
