//! Who sits where in a duel: the distinct line-ups a deal is played under, and for each
//! compared pair (focal strategy, opponent) the seatings that make up its rotation.
//!
//! Rotation (1-vs-rest): the focal strategy in seat r and the opponent in every other seat,
//! for each seat r in turn (two-player games: both sides; a four-seat table: 4 rotations, a
//! three-seat one: 3). A line-up two seatings share is played once per deal: a strategy
//! against itself is one game whatever the rotation, and at a two-seat table "A in seat 0
//! against B" is the same game as "B in seat 1 against A".
//!
//! Permutations (`--permutations all`, one strategy per seat): every deal is played under
//! each of the n! orders of the n strategies (24 at a four-seat table, 6 at a three-seat one),
//! every strategy in every line-up. A pair's seatings are all the line-ups, with the
//! opponent's seat beside the focal one (its *rival*), so a pair is measured as the focal
//! strategy's value minus the opponent's in the same games; a strategy against itself is
//! its own value over every order.

use crate::contest::{MAX_SEATS, SeatingMode};

/// A line-up's entry for a seat the table does not have.
pub const EMPTY: usize = usize::MAX;

/// One seating of a compared pair: which line-up is played and where the focal strategy
/// sits in it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Seating {
    /// Index into [`Seatings::lineups`].
    pub lineup: usize,
    /// The focal strategy's seat.
    pub seat: usize,
    /// The opponent's seat when the pair is measured as a difference in the same game (a
    /// permutation duel's distinct strategies), else [`EMPTY`].
    pub rival: usize,
}

/// The line-ups of one deal and the seatings of every compared pair.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Seatings {
    /// Seats at the table.
    pub seats: usize,
    /// How the line-ups were made.
    pub mode: SeatingMode,
    /// Distinct line-ups: the strategy index in each seat ([`EMPTY`] past the table's seats).
    pub lineups: Vec<[usize; MAX_SEATS]>,
    /// Per pair `focal * strategies + opponent`, its seatings in rotation order (the focal
    /// strategy's seat 0, 1, …).
    pub pairs: Vec<Vec<Seating>>,
}

impl Seatings {
    /// The 1-vs-rest rotations of every ordered pair of `strategies` strategies (a strategy
    /// against itself included) at a table of `seats` seats.
    pub fn rotations(strategies: usize, seats: usize) -> Seatings {
        assert!((2..=MAX_SEATS).contains(&seats), "a table of 2 to {MAX_SEATS} seats");
        let mut lineups: Vec<[usize; MAX_SEATS]> = Vec::new();
        let mut pairs = Vec::with_capacity(strategies * strategies);
        for focal in 0..strategies {
            for opponent in 0..strategies {
                let seated = (0..seats).map(|seat| {
                    let mut lineup = [EMPTY; MAX_SEATS];
                    lineup[..seats].fill(opponent);
                    lineup[seat] = focal;
                    let k = lineups.iter().position(|l| *l == lineup).unwrap_or_else(|| {
                        lineups.push(lineup);
                        lineups.len() - 1
                    });
                    Seating { lineup: k, seat, rival: EMPTY }
                });
                pairs.push(seated.collect());
            }
        }
        Seatings { seats, mode: SeatingMode::Rotation, lineups, pairs }
    }

    /// Every order of `seats` strategies at a table of as many seats, in lexicographic order
    /// of the line-ups.
    pub fn permutations(seats: usize) -> Seatings {
        assert!((2..=MAX_SEATS).contains(&seats), "a table of 2 to {MAX_SEATS} seats");
        let mut lineups = Vec::new();
        let mut order: Vec<usize> = (0..seats).collect();
        loop {
            let mut lineup = [EMPTY; MAX_SEATS];
            lineup[..seats].copy_from_slice(&order);
            lineups.push(lineup);
            // The next order (lexicographic): the rightmost ascent, swapped with the
            // smallest larger entry to its right, the tail reversed.
            let Some(i) = (1..seats).rev().find(|&i| order[i - 1] < order[i]) else { break };
            let j = (i..seats).rev().find(|&j| order[j] > order[i - 1]).expect("an ascent has a larger entry");
            order.swap(i - 1, j);
            order[i..].reverse();
        }
        let seat_of = |lineup: &[usize; MAX_SEATS], s: usize| lineup.iter().position(|&x| x == s).expect("seated");
        let pairs = (0..seats * seats)
            .map(|p| {
                let (focal, opponent) = (p / seats, p % seats);
                let seating = |(k, l): (usize, &[usize; MAX_SEATS])| Seating {
                    lineup: k,
                    seat: seat_of(l, focal),
                    rival: if focal == opponent { EMPTY } else { seat_of(l, opponent) },
                };
                lineups.iter().enumerate().map(seating).collect()
            })
            .collect();
        Seatings { seats, mode: SeatingMode::Permutations, lineups, pairs }
    }

    /// Games one deal plays (its distinct line-ups).
    pub fn games_per_deal(&self) -> usize {
        self.lineups.len()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn shared_line_ups_are_played_once() {
        // Two strategies at two seats: AA, AB, BA, BB — (A, B) and (B, A) share both games.
        let two = Seatings::rotations(2, 2);
        assert_eq!(two.games_per_deal(), 4);
        let at = |lineup, seat| Seating { lineup, seat, rival: EMPTY };
        assert_eq!(two.pairs[1], [at(1, 0), at(2, 1)]);
        assert_eq!(two.pairs[2], [at(2, 0), at(1, 1)]);
        assert!(two.pairs[0].iter().all(|s| s.lineup == 0));
        // Three strategies at four seats: 3 mirror games and 4 rotations of each of 6 pairs.
        let four = Seatings::rotations(3, 4);
        assert_eq!(four.games_per_deal(), 3 + 6 * 4);
        let lineup = four.lineups[four.pairs[1].last().unwrap().lineup];
        assert_eq!(lineup, [1, 1, 1, 0]);
        // A three-seat table: the fourth entry empty.
        let three = Seatings::rotations(2, 3);
        assert_eq!(three.games_per_deal(), 2 + 2 * 3);
        assert_eq!(three.lineups[1], [0, 1, 1, EMPTY]);
    }

    #[test]
    fn permutations_seat_every_strategy_in_every_order() {
        let four = Seatings::permutations(4);
        assert_eq!(four.games_per_deal(), 24);
        assert_eq!(four.lineups[0], [0, 1, 2, 3]);
        assert_eq!(four.lineups[1], [0, 1, 3, 2]);
        assert_eq!(four.lineups[23], [3, 2, 1, 0]);
        let mut distinct = four.lineups.clone();
        distinct.sort();
        distinct.dedup();
        assert_eq!(distinct.len(), 24);
        // Each strategy sits in each seat in 6 of the 24 orders, and a pair names both seats.
        for f in 0..4 {
            for seat in 0..4 {
                assert_eq!(four.pairs[f * 4 + 1].iter().filter(|s| s.seat == seat).count(), 6);
            }
        }
        for s in &four.pairs[2 * 4 + 3] {
            assert_eq!((four.lineups[s.lineup][s.seat], four.lineups[s.lineup][s.rival]), (2, 3));
        }
        assert!(four.pairs[5].iter().all(|s| s.rival == EMPTY));
        assert_eq!(Seatings::permutations(3).lineups[3], [1, 2, 0, EMPTY]);
    }
}
