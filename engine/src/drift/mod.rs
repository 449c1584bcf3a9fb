//! Midnight Wolves drift battle (ミッドナイトウルブス ドリフトバトル), seed
//! `seeds/002_77ebb1cda839b63e.txt`, readings in RULES-NOTES §3.
//!
//! A playing-card minigame of a street-racing TRPG. In a chase (追走) the leader (先行)
//! holds as many cards as its car's speed (速度), the chaser (後追い) as many as its car's
//! horsepower (馬力). Each round the leader draws a card and sets the target with it, or
//! with a hand card it swaps the drawn card for (交換); then the chaser draws and plays,
//! also with an optional swap. A card at least the target scores 1 evaluation point
//! (評価点), otherwise the chaser loses a life. The chase runs until the chaser's life is
//! below 0; then the roles swap; more points wins. A solo run (単走) has no leader.
//!
//! Main types: [`DriftGame`] (the [`Game`](crate::Game): [`DriftGame::chase`],
//! [`DriftGame::solo`], [`DriftGame::team`], [`DriftGame::with_deck`] for scenario tests),
//! [`DriftRules`] (TOML presets in `presets/rules_*.toml`), [`Driver`], [`Team`] and
//! [`Lineup`] (TOML line-ups, `presets/lineup_*.toml`), [`Style`] and [`StyleSet`], the
//! styles' effect values [`EFFECTS`],
//! [`DriftOutcome`], the [`strategy`] module, [`exact_chaser_score_probability`].
//!
//! # Readings
//! The seed leaves these open; the choice made here (rules that tables vary are fields of
//! [`DriftRules`]):
//! - **Deck**: 52 cards (A=1 … K=13) + 2 jokers; `decks`/`jokers` in the rules. Draws are
//!   uniform from the cards left (a lazily shuffled deck). When the deck runs out the
//!   discards are reshuffled into it. At the role swap all cards are gathered and
//!   reshuffled (`fresh_deck_each_chase`, default true; false: hands are discarded and the
//!   second chase deals from what is left).
//! - **Cards used** in a round go to the discards at its end; the hand keeps its size
//!   (a swap puts the drawn card in the played card's place).
//! - **Hands**: dealt at the start of each chase, leader first. A negative (circled) speed
//!   gives that many cards to the chaser, a negative horsepower to the leader. Hands are
//!   capped so that 8 cards always stay in the deck or discards (never reached with stats
//!   in −10..=10 and one deck in a chase).
//! - **Seats**: seat 0 leads the first chase. Life is per side for the whole battle:
//!   rank + home bonus (+3 RoadDancer); it falls only by failed rounds and Legal High.
//! - **Rank ③** (any negative rank): that driver's chase ends after its first round.
//! - **Jokers** have no number and no colour: leader's joker → chaser scores; chaser's
//!   joker → chaser loses a life; both → chaser loses a life. A solo run's joker target
//!   counts as the leader's joker.
//! - **Solo run**: one seat; the target is the deck's top card, unmodified, no exchange.
//! - **Decisions**: only decisions with two or more legal actions are asked; a lone
//!   option (e.g. an empty hand: play the drawn card) is applied automatically. Order in
//!   a round: SpeedMaster (leader, chaser), Legal High (leader, chaser), Supernova, Indra,
//!   leader's Gungnir, leader draws and picks; per chaser: Gungnir, Illusion, Harlequin,
//!   draw and pick; then the result, Illusion/Harlequin's extra card, Phantom.
//! - **Styles**: the seed lists 22 battle styles ([`Style::COUNT`]); no style was
//!   invented.
//! - **Eligibility**: only cars set to ドリフト may drift battle, and only FR cars may
//!   take that setting. A line-up may state `setting` and `drive` per driver; when it
//!   does they are checked ([`Lineup`] errors on another setting or drive), and a
//!   line-up without them is taken as eligible.
//! - **Endless chases**: the printed rules have no round limit (a chase ends when the
//!   chaser's life is below 0). `max_rounds_per_chase` caps a chase; the outcome says
//!   when it did, and the study prints the share of chases cut.
//!
//! Battle styles (optional effects that can never hurt are applied automatically):
//! - **Juggernaut** +1, **Swastika** +2 (solo), **Remora** +2 (team follower),
//!   **Legal High** +2: added to the player's card number (leader: to the target). Jokers
//!   stay void. A revealed Gungnir card counts 13 before these.
//! - **Supernova** (chaser, chase or solo): declared before each round as wished; success
//!   is worth 3 points, failure costs 3 lives.
//! - **Barbaroi** / **JetStream** / **Indra** / **Supernova** *set* a scoring round's points
//!   (2 / streak position capped at 6 / 2 / 3): the largest applies, they do not add, so
//!   Supernova never lowers a round worth more (Jet Stream's 4th to 6th: 4, 5, 6).
//!   Streaks count consecutive scoring rounds within one chase.
//! - **RoadDancer** (drift home): life +3 once. **Centaur**: leader hand +3 (chase and team).
//! - **SpeedMaster** (drift home): at the start of a round, mark up to 3 hand cards; they
//!   are replaced by deck cards, then returned to the deck. 任意のラウンドの開始時点 is read
//!   as "at the start of a round of the player's choosing": `speed_master_uses_per_chase`
//!   times per chase (default once); `speed_master_every_round` reads it as "at the start
//!   of every round". Either role, chase or solo.
//! - **Madness** (chaser): whenever the leader swaps, the hand card taken is uniformly
//!   random among its playable cards.
//! - **Phantom** (chaser): trade 1 point for 1 life (needs points ≥ 1; never above the
//!   starting life). The seed sets no frequency. Default: once after each round that cost
//!   life (減少したライフ, life just lost; may rescue a chaser whose life just fell below
//!   0). `phantom_every_round`: once at the end of every round, scoring or not, while life
//!   is below the start, so that it also buys back a Legal High payment.
//! - **Indra** (chaser in a chase): before the leader draws, a hand card goes face up as
//!   the chaser's card (the leader sees it); the round is worth 2 points; the hand is
//!   refilled from the deck at once; no chaser draw that round.
//! - **Gungnir**: after each deal, reveal one hand card; it counts as a K (keeping its suit;
//!   a revealed joker is a suitless K). It can only be played by declaring it before the
//!   own draw (the drawn card then takes its place in the hand), or as the Indra card.
//!   It cannot be swapped out or tossed by SpeedMaster.
//! - **Illusion** / **Harlequin** (chaser, chase or solo; one of the two per round, not with
//!   Indra): declared before the own draw. After scoring, one extra card is drawn; the
//!   player may swap it with a hand card; if that card reaches the target: +1 point /
//!   +1 life (only up to the starting life).
//! - **Legal High**: declared before a round by paying 1 life (not while in force).
//!   Chaser: +2 until (and including) a round without points. Leader: +2 to the target
//!   until (and including) the round the chaser scores. Both end with the chase. Life is
//!   one pool for the battle, so the first leader pays from the life it will chase with,
//!   while the second leader's life is already below 0. Default (`legal_high_needs_life`):
//!   the payment needs life ≥ 1, so a driver cannot pay a life it no longer has and the
//!   second leader cannot declare it. Alternative: any life may pay (leading second it is
//!   then free).
//! - **DriftMeister** (chaser): a failed round costs no life when target and own card are
//!   the same colour (a joker has none).
//! - **DiamondCutter** (chaser, chase or solo): a played diamond adds 1 point, scoring or
//!   not (`diamond_cutter_needs_score` to require a score).
//! - **Ballista** (chase, either role): right after each deal, up to 3 random cards of the
//!   opponent's hand go back to the deck; for each missing of 3 the holder draws a card.
//!   Leader's Ballista first.
//!
//! Team battle (団体戦; the seed names its styles but does not print its rules): each team
//! has a 先導 (member 0) and up to 3 後続. The teams chase each other once each, like
//! drivers. Every member of both teams plays a card each round: the leading team's 先導
//! draws and picks as a chase leader (hand = its speed), then each leading 後続 (hand = its
//! speed); the target is the highest of their cards (jokers void). Then every member of
//! the chasing team (hand = its horsepower) draws and plays, in member order; the chasing
//! team scores when **any** member's card reaches the target, else it loses one life. So
//! adding a member never makes a team less likely to score, nor easier to score against.
//! A member's negative horsepower gives cards to the leading 先導, a leading member's
//! negative speed to the chasing 先導. One seat decides for a whole team. Team life is its
//! 先導's; the 先導 declares for the team.
//! - Points: 1; **Quadriga** (every member holds it, ≥ 2 members, all chasing cards one
//!   colour) ×2; **Brotherhood** (every member holds it) + 2 per follower. **Concorde**
//!   (chasing 先導, ≥ 2 members, all cards one colour): heal 1 lost life after the round.
//!   **Remora**: a 後続's card +2 (of either team).
//! - The styles whose text names no mode act: for the leading 先導 Juggernaut,
//!   SpeedMaster, Legal High and Gungnir; for the chasing 先導 Juggernaut, Supernova,
//!   Barbaroi, SpeedMaster, Phantom, Gungnir, Legal High, DriftMeister and JetStream (the
//!   round's points and lives are the team's); for a 後続 Juggernaut; RoadDancer on the
//!   先導's life. The styles the seed ties to 追走 (Centaur, Madness, Indra, Ballista,
//!   Illusion, Harlequin, DiamondCutter: 「ドリフトバトル：追走での…」) or to 単走 (Swastika)
//!   do not act in team battle, and the team styles do nothing in a chase or solo run.

mod card;
mod deal;
mod decide;
mod error;
mod flow;
mod game;
mod hand;
mod lineup;
mod outcome;
mod rules;
mod score;
mod state;
pub mod strategy;
mod style;
mod view;

#[cfg(test)]
mod tests;
#[cfg(test)]
mod tests_golden;
#[cfg(test)]
mod tests_heuristic;
#[cfg(test)]
mod tests_readings;
#[cfg(test)]
mod tests_styles;
#[cfg(test)]
mod tests_team;

pub use card::{Card, Suit};
pub use error::DriftError;
pub use game::{DriftGame, Mode};
pub use lineup::{Driver, Lineup, Team};
pub use outcome::DriftOutcome;
pub use rules::{DriftRules, MAX_DECK, exact_chaser_score_probability};
pub use state::DriftState;
pub use style::{EFFECTS, Effects, Style, StyleSet};
pub use view::{Ask, DriftAction, DriftView, Role};
