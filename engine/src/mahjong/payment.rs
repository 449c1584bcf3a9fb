//! Payments from base points: four-player standard and Gotō sanma, at three seats with
//! the tsumo loss or the absent seat's share split (北家折半).

use super::rules::{PaymentKind, Rules, ThreeSeatTsumo};

/// Who pays the winner, honba included.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Payment {
    /// The discarder pays it all.
    Ron(u32),
    /// Each seat pays by role; a dealer winner has `dealer_pays` = 0.
    Tsumo {
        /// What the dealer pays.
        dealer_pays: u32,
        /// What each paying non-dealer pays.
        non_dealer_pays: u32,
    },
}

const fn round_up(x: u32, unit: u32) -> u32 {
    x.div_ceil(unit) * unit
}

/// The payment and the winner's total gain (riichi sticks included).
pub fn pay(rules: &Rules, base: u32, dealer: bool, tsumo: bool, honba: u8, sticks: u8) -> (Payment, u32) {
    let payers = rules.players as u32 - 1;
    let honba_total = rules.payment.honba * honba as u32;
    let honba_each = honba_total / payers;
    let (unit, tsumo_bonus) = match rules.payment.kind {
        PaymentKind::FourPlayer => (100, 0),
        PaymentKind::GotoSanma => (1000, 1000),
    };
    let sticks = rules.payment.riichi_stick * sticks as u32;
    if !tsumo {
        let ron = round_up(base * if dealer { 6 } else { 4 }, unit) + honba_total;
        return (Payment::Ron(ron), ron + sticks);
    }
    let (big, small) = (round_up(base * 2, unit) + tsumo_bonus, round_up(base, unit) + tsumo_bonus);
    // 北家折半: the absent seat, a non-dealer, would pay as one; each payer takes half.
    let split = match rules.payment.three_seat_tsumo {
        ThreeSeatTsumo::TsumoLoss => 0,
        ThreeSeatTsumo::NorthSplit => round_up(if dealer { big } else { small }.div_ceil(2), unit),
    };
    let (big, small) = (big + split + honba_each, small + split + honba_each);
    if dealer {
        let p = Payment::Tsumo { dealer_pays: 0, non_dealer_pays: big };
        (p, big * payers + sticks)
    } else {
        let p = Payment::Tsumo { dealer_pays: big, non_dealer_pays: small };
        (p, big + small * (payers - 1) + sticks)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn tsumo(d: u32, n: u32) -> Payment {
        Payment::Tsumo { dealer_pays: d, non_dealer_pays: n }
    }

    #[test]
    fn four_player_table() {
        let r = Rules::ron2();
        // 30 fu 1 han: base 240.
        assert_eq!(pay(&r, 240, false, false, 0, 0), (Payment::Ron(1000), 1000));
        assert_eq!(pay(&r, 240, true, false, 0, 0), (Payment::Ron(1500), 1500));
        assert_eq!(pay(&r, 240, false, true, 0, 0), (tsumo(500, 300), 1100));
        assert_eq!(pay(&r, 240, true, true, 0, 0), (tsumo(0, 500), 1500));
        // 30 fu 4 han: base 1920 → 7700 / 11600 / 2000-3900 / 3900 all.
        assert_eq!(pay(&r, 1920, false, false, 0, 0).0, Payment::Ron(7700));
        assert_eq!(pay(&r, 1920, true, false, 0, 0).0, Payment::Ron(11600));
        assert_eq!(pay(&r, 1920, false, true, 0, 0).0, tsumo(3900, 2000));
        assert_eq!(pay(&r, 1920, true, true, 0, 0).0, tsumo(0, 3900));
        // Mangan with 2 honba and 1 stick.
        assert_eq!(pay(&r, 2000, false, false, 2, 1), (Payment::Ron(8600), 9600));
        assert_eq!(pay(&r, 2000, false, true, 2, 1), (tsumo(4200, 2200), 9600));
        assert_eq!(pay(&r, 2000, true, true, 1, 0), (tsumo(0, 4100), 12300));
        // Double yakuman dealer ron (the seed's 96,000).
        assert_eq!(pay(&r, 16000, true, false, 0, 0).0, Payment::Ron(96000));
    }

    #[test]
    fn goto_seed_examples() {
        let r = Rules::goto();
        // 1300-2600 (40 fu 3 han, base 1280) → 2000-3000 → 3000-4000.
        assert_eq!(pay(&r, 1280, false, true, 0, 0), (tsumo(4000, 3000), 7000));
        // Haneman 3000-6000 → 4000-7000.
        assert_eq!(pay(&r, 3000, false, true, 0, 0), (tsumo(7000, 4000), 11000));
        // Ron 5200 (40 fu 3 han... base 1280 → 5120 → 5200) → 6000.
        assert_eq!(pay(&r, 1280, false, false, 0, 0), (Payment::Ron(6000), 6000));
    }

    #[test]
    fn north_split_pays_the_absent_share_in_halves() {
        let split = |extends: &str| {
            let text = format!("extends = \"{extends}\"\n[payment]\nthree_seat_tsumo = \"north_split\"\n");
            Rules::from_toml(&text).unwrap()
        };
        let (loss, r) = (Rules::preset("tenhou-sanma").unwrap(), split("tenhou-sanma"));
        // Mangan: non-dealer 2000-4000 → 3000-5000 (8,000, the ron value); dealer 4000 all
        // → 6000 all; with the loss 2000-4000 (6,000) and 4000 all (8,000).
        assert_eq!(pay(&loss, 2000, false, true, 0, 0), (tsumo(4000, 2000), 6000));
        assert_eq!(pay(&r, 2000, false, true, 0, 0), (tsumo(5000, 3000), 8000));
        assert_eq!(pay(&r, 2000, true, true, 0, 0), (tsumo(0, 6000), 12000));
        // 30 fu 1 han (300-500): the absent 300 is 150 each, rounded up to 200; honba
        // (200 a repeat, 100 from each payer) and sticks stay as they were.
        assert_eq!(pay(&r, 240, false, true, 0, 0), (tsumo(700, 500), 1200));
        assert_eq!(pay(&r, 240, false, true, 2, 1), (tsumo(900, 700), 2600));
        assert_eq!(pay(&r, 240, false, false, 0, 0), pay(&loss, 240, false, false, 0, 0), "a ron is unchanged");
        // Gotō: the absent seat's 3,000 (1,000 rounded up, +1,000) halves to 2,000 each.
        assert_eq!(pay(&split("goto"), 1280, false, true, 0, 0), (tsumo(6000, 5000), 11000));
        let e = Rules::from_toml("extends = \"ron2\"\n[payment]\nthree_seat_tsumo = \"north_split\"\n");
        assert!(e.unwrap_err().to_string().contains("payment.three_seat_tsumo"));
    }

    #[test]
    fn goto_table() {
        let r = Rules::goto();
        // Dealer: ron 7700 → 8000; tsumo 2600 all → 3000 + 1000 from two.
        assert_eq!(pay(&r, 1280, true, false, 0, 0).0, Payment::Ron(8000));
        assert_eq!(pay(&r, 1280, true, true, 0, 0), (tsumo(0, 4000), 8000));
        // Honba 2,000: ron +2000, tsumo +1000 from each payer.
        assert_eq!(pay(&r, 2000, false, false, 1, 0).0, Payment::Ron(10000));
        assert_eq!(pay(&r, 2000, false, true, 1, 2), (tsumo(6000, 4000), 12000));
        // Yakuman non-dealer tsumo: 8000-16000 → 9000-17000.
        assert_eq!(pay(&r, 8000, false, true, 0, 0).0, tsumo(17000, 9000));
    }
}
