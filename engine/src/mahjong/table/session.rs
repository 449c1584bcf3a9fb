//! 4人回し: a session of games among four people at a three-seat table, three seated
//! and one sitting out (抜け番) each whole game (GOTO-SPEC G-S9: 「抜け番は完全抜け」),
//! and who sits out next — not in the seed, so a [`Rotation`] rule (fixed cycle by
//! default). At a four-seat table all four play every game and the rotation only moves
//! the first dealer round. One game stays one [`Table::play`](crate::Table::play); a
//! session only maps people to seats between games, so studies report per person as well
//! as per seat.

use super::MAX_SEATS;
use serde::{Deserialize, Serialize};

/// People in a session of four.
pub const PEOPLE: usize = 4;

/// Who sits out the next game.
#[derive(Clone, Copy, Debug, Default, Serialize, Deserialize, PartialEq, Eq)]
#[serde(rename_all = "snake_case")]
pub enum Rotation {
    /// In turn: person 3 sits out the first game, then persons 0, 1, 2, 3, …; the three
    /// seated take the seats in person order from the one after the sit-out (so the first
    /// dealer moves round too). At four seats nobody sits out: person `g mod 4` deals
    /// first in game `g`, the others after it in person order.
    #[default]
    Cycle,
    /// The last place sits out the next game; the sit-out takes its seat (three seats only).
    LastSitsOut,
    /// The top sits out the next game; the sit-out takes its seat (three seats only).
    TopSitsOut,
    /// Fixed players (persons 0–2 in seats 0–2 at three seats, nobody sits out, G-O3: no
    /// sit-out chips; persons 0–3 in seats 0–3 at four).
    Fixed,
}

/// Who plays which seat in one game, people numbered `0..PEOPLE`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Seating {
    /// The person in each seat (seat 0 deals first); the first `count` are the table's.
    pub seats: [u8; MAX_SEATS],
    /// Seats at the table.
    pub count: u8,
    /// The person sitting out, if anyone.
    pub sitting_out: Option<u8>,
}

impl Seating {
    /// The person in each of the table's seats.
    pub fn seated(&self) -> &[u8] {
        &self.seats[..usize::from(self.count)]
    }

    /// The seat `person` plays, or `None` when sitting out (or not in the session).
    pub fn seat_of(&self, person: u8) -> Option<usize> {
        self.seated().iter().position(|&p| p == person)
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
    /// A session's first game under `rotation` at a table of `seats` (three or four):
    /// persons in seats in order, at three seats person 3 out (unless fixed). `None` for a
    /// rotation that needs a sit-out at four seats.
    pub fn new(rotation: Rotation, seats: usize) -> Option<Session> {
        let four = seats == PEOPLE;
        if four && matches!(rotation, Rotation::LastSitsOut | Rotation::TopSitsOut) {
            return None;
        }
        let sitting_out = (rotation != Rotation::Fixed && !four).then_some(seats as u8);
        let seating = Seating { seats: [0, 1, 2, 3], count: seats as u8, sitting_out };
        Some(Session { rotation, games: 0, seating })
    }

    /// The seating of the next game.
    pub fn seating(&self) -> Seating {
        self.seating
    }

    /// Games played so far.
    pub fn games(&self) -> u32 {
        self.games
    }

    /// Records a game whose places per seat were `ranks` (0 = first; at least the table's
    /// seats) and seats the next.
    pub fn next(&mut self, ranks: &[u8]) {
        self.games += 1;
        let s = &mut self.seating;
        let Some(out) = s.sitting_out else {
            if self.rotation == Rotation::Cycle {
                s.seats.rotate_left(1);
            }
            return;
        };
        let seated = usize::from(s.count);
        let leaving = |place: u8| ranks[..seated].iter().position(|&r| r == place).expect("every place is taken");
        match self.rotation {
            Rotation::Cycle => {
                let next_out = (out + 1) % PEOPLE as u8;
                s.seats = std::array::from_fn(|k| (next_out + 1 + k as u8) % PEOPLE as u8);
                s.sitting_out = Some(next_out);
            }
            Rotation::LastSitsOut | Rotation::TopSitsOut => {
                let place = if self.rotation == Rotation::TopSitsOut { 0 } else { s.count - 1 };
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

    fn three(rotation: Rotation) -> Session {
        Session::new(rotation, 3).unwrap()
    }

    /// Every game seats three different people and the fourth sits out.
    fn whole(s: &Seating) -> bool {
        let mut all: Vec<u8> = s.seated().iter().copied().chain(s.sitting_out).collect();
        all.sort_unstable();
        all == [0, 1, 2, 3]
    }

    /// Who sits where, and who sits out.
    fn at(s: &Session) -> (Vec<u8>, Option<u8>) {
        (s.seating().seated().to_vec(), s.seating().sitting_out)
    }

    #[test]
    fn g_s9_the_cycle_sits_everyone_out_once_in_four_games() {
        let mut session = three(Rotation::Cycle);
        let mut out = Vec::new();
        for _ in 0..8 {
            let s = session.seating();
            assert!(whole(&s), "{s:?}");
            out.push(s.sitting_out.unwrap());
            session.next(&[0, 1, 2]);
        }
        assert_eq!(out, [3, 0, 1, 2, 3, 0, 1, 2]);
        // Person 0 sits out the second game; persons 1, 2, 3 take seats 0, 1, 2.
        let mut second = three(Rotation::Cycle);
        second.next(&[2, 1, 0]);
        assert_eq!(at(&second), (vec![1, 2, 3], Some(0)));
        assert_eq!((second.seating().seat_of(3), second.seating().seat_of(0), second.games()), (Some(2), None, 1));
    }

    #[test]
    fn g_s9_the_last_or_the_top_gives_the_sit_out_its_seat() {
        let mut last = three(Rotation::LastSitsOut);
        last.next(&[1, 2, 0]);
        assert_eq!(at(&last), (vec![0, 3, 2], Some(1)), "seat 1 was last");
        let mut top = three(Rotation::TopSitsOut);
        top.next(&[1, 2, 0]);
        assert_eq!(at(&top), (vec![0, 1, 3], Some(2)), "seat 2 was top");
        for _ in 0..20 {
            top.next(&[2, 0, 1]);
            assert!(whole(&top.seating()));
        }
    }

    #[test]
    fn g_o3_three_fixed_players_never_change() {
        let mut fixed = three(Rotation::Fixed);
        fixed.next(&[2, 1, 0]);
        assert_eq!(at(&fixed), (vec![0, 1, 2], None));
        assert_eq!(fixed.games(), 1);
    }

    #[test]
    fn four_seats_seat_everyone_and_the_cycle_moves_the_first_dealer() {
        let mut cycle = Session::new(Rotation::Cycle, 4).unwrap();
        let mut dealers = Vec::new();
        for _ in 0..5 {
            assert_eq!(cycle.seating().sitting_out, None);
            dealers.push(cycle.seating().seated()[0]);
            cycle.next(&[3, 2, 1, 0]);
        }
        assert_eq!(dealers, [0, 1, 2, 3, 0]);
        assert_eq!(at(&cycle), (vec![1, 2, 3, 0], None), "person 1 deals first, the others in person order");
        let mut fixed = Session::new(Rotation::Fixed, 4).unwrap();
        fixed.next(&[3, 2, 1, 0]);
        assert_eq!(at(&fixed), (vec![0, 1, 2, 3], None));
        // Nobody sits out at four seats, so nobody can take the last's or the top's place.
        assert_eq!(Session::new(Rotation::LastSitsOut, 4), None);
        assert_eq!(Session::new(Rotation::TopSitsOut, 4), None);
    }
}
