//! Who sits where in a duel: the distinct line-ups a deal is played under, and for each
//! compared pair (focal strategy, opponent) the seatings that make up its rotation.
//!
//! Rotation (1-vs-rest): the focal strategy in seat r and the opponent in every other seat,
//! for each seat r in turn (two-player games: both sides; a four-seat table: 4 rotations, a
//! three-seat one: 3). A line-up two seatings share is played once per deal: a strategy
//! against itself is one game whatever the rotation, and at a two-seat table "A in seat 0
//! against B" is the same game as "B in seat 1 against A".

/// The most seats at any table (a four-player mahjong table).
pub const MAX_SEATS: usize = 4;

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
}

/// The line-ups of one deal and the seatings of every compared pair.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Seatings {
    /// Seats at the table.
    pub seats: usize,
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
                    Seating { lineup: k, seat }
                });
                pairs.push(seated.collect());
            }
        }
        Seatings { seats, lineups, pairs }
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
        assert_eq!(two.pairs[1], [Seating { lineup: 1, seat: 0 }, Seating { lineup: 2, seat: 1 }]);
        assert_eq!(two.pairs[2], [Seating { lineup: 2, seat: 0 }, Seating { lineup: 1, seat: 1 }]);
        assert!(two.pairs[0].iter().all(|s| s.lineup == 0));
        // Three strategies at four seats: 3 mirror games and 4 rotations of each of 6 pairs.
        let four = Seatings::rotations(3, 4);
        assert_eq!(four.games_per_deal(), 3 + 6 * 4);
        let lineup = four.lineups[four.pairs[1].last().unwrap().lineup];
        assert_eq!(lineup, [1, 1, 1, 0]);
        // A Gotō table: three seats, the fourth entry empty.
        let three = Seatings::rotations(2, 3);
        assert_eq!(three.games_per_deal(), 2 + 2 * 3);
        assert_eq!(three.lineups[1], [0, 1, 1, EMPTY]);
    }
}
