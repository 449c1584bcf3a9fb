//! The round's event log: what happened, shot by shot, in fixed-size storage.
//!
//! Yaku are decided from this log alone ([`crate::rackup::yaku::evaluate`]), so
//! every fact a yaku condition mentions is recorded here.

/// Most events one round can hold. A round that would need more is ended
/// as a draw by the engine (never observed: a round averages about 20 events).
pub const LOG_CAPACITY: usize = 256;

/// How a machine took damage in a shot (or `None`). Also the finishing move
/// (決め手) that the dora die names.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum Hit {
    /// No damage.
    #[default]
    None,
    /// ビートヒット: machine-on-machine hit.
    BeatHit,
    /// マインヒット: a mine driven into the machine.
    MineHit,
    /// フリップアウト（一部場外）: knocked partly off the field.
    FlipOutPartial,
    /// フリップアウト（全場外）: knocked wholly off the field.
    FlipOutFull,
    /// アクティブアウト: knocked out in an active shoot.
    ActiveOut,
    /// 自滅場外: left the field by itself.
    SelfOut,
}

impl Hit {
    /// The dora die face naming this finishing move (1 beat hit, 2 self ring-out,
    /// 3 mine hit, 4 active out, 5 partial flip-out, 6 full flip-out).
    pub const fn dora_face(self) -> Option<u8> {
        match self {
            Hit::None => None,
            Hit::BeatHit => Some(1),
            Hit::SelfOut => Some(2),
            Hit::MineHit => Some(3),
            Hit::ActiveOut => Some(4),
            Hit::FlipOutPartial => Some(5),
            Hit::FlipOutFull => Some(6),
        }
    }

    /// Whether the machine left the field (a ring-out forces a re-set).
    pub const fn is_ring_out(self) -> bool {
        matches!(self, Hit::FlipOutPartial | Hit::FlipOutFull | Hit::ActiveOut | Hit::SelfOut)
    }

    /// Whether this is a flip-out (partial or full).
    pub const fn is_flip_out(self) -> bool {
        matches!(self, Hit::FlipOutPartial | Hit::FlipOutFull)
    }
}

/// A declaration made before a shot.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum Decl {
    /// Nothing declared.
    #[default]
    None,
    /// 立直 riichi.
    Riichi,
    /// 狙撃 snipe (a call; normal shots at 50 cm or more only).
    Snipe,
    /// 流星 meteor (a call).
    Meteor,
}

/// The kind of normal shot the shooter attempts (its intent). Each kind has its
/// own outcome chances in the profile's `[shots.<kind>]` table; the yaku that
/// reward an intent (猪突猛進, 半場, 鏡花水月, 遊撃手, 登頂, 照弾) require it.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, serde::Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum ShotKind {
    /// An ordinary shot with no particular aim (the kind of every active shoot).
    #[default]
    Plain,
    /// 安全策: a careful shot that keeps off the enemy machine (鏡花水月).
    Safe,
    /// Aimed at the enemy machine for a beat hit (一揃, 狙撃).
    Beat,
    /// Aimed at a mine (二爆; 照弾 when it touches two).
    Mine,
    /// Aimed at knocking the enemy off the field (一撃, 二脱, 箱割, 流星).
    Flip,
    /// 猪突猛進: an all-in straight charge, no change of direction.
    Charge,
    /// 半場: a short shot kept inside the own half of the field.
    Half,
    /// 遊撃手: a shot turning the machine half a revolution vertically.
    Jump,
    /// 登頂: a shot climbing onto the enemy chassis.
    Ride,
}

impl ShotKind {
    /// Number of kinds.
    pub const COUNT: usize = 9;

    /// Every kind, in declaration order (`ALL[k as usize] == k`).
    pub const ALL: [ShotKind; ShotKind::COUNT] = [
        ShotKind::Plain,
        ShotKind::Safe,
        ShotKind::Beat,
        ShotKind::Mine,
        ShotKind::Flip,
        ShotKind::Charge,
        ShotKind::Half,
        ShotKind::Jump,
        ShotKind::Ride,
    ];

    /// The kind's key in the profile's `[shots]` table and in strategy files.
    pub const fn id(self) -> &'static str {
        match self {
            ShotKind::Plain => "plain",
            ShotKind::Safe => "safe",
            ShotKind::Beat => "beat",
            ShotKind::Mine => "mine",
            ShotKind::Flip => "flip",
            ShotKind::Charge => "charge",
            ShotKind::Half => "half",
            ShotKind::Jump => "jump",
            ShotKind::Ride => "ride",
        }
    }

    /// The kind as a bit `1 << kind`.
    pub const fn bit(self) -> u16 {
        1 << self as u16
    }
}

/// Distance between the two machines before a shot (狙撃 thresholds).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Distance {
    /// Under 50 cm.
    #[default]
    Near,
    /// 50 cm or more.
    Mid,
    /// 100 cm or more.
    Far,
}

/// How far a knocked-out chassis flew from where it left the field (流星 thresholds).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Flight {
    /// Under 50 cm, or not measured.
    #[default]
    Short,
    /// 50 cm or more (小流星).
    Small,
    /// 100 cm or more (中流星).
    Medium,
    /// 150 cm or more (大流星).
    Large,
}

/// Per-seat facts of one shot, as bits.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct SeatFlags(pub u16);

impl SeatFlags {
    /// This machine touched the rear of the enemy chassis (三暗衝, 四暗衝).
    pub const REAR: u16 = 1;
    /// This machine lies overturned inside the field (転覆; a stun).
    pub const TURNED_OVER: u16 = 1 << 1;
    /// This machine's chassis rests on the enemy chassis inside the field (登頂).
    pub const CLIMB: u16 = 1 << 2;
    /// This machine turned half a revolution or more vertically (遊撃手).
    pub const HALF_TURN: u16 = 1 << 3;
    /// After a half turn, this machine landed on its wheels (遊撃手 3 points).
    pub const LANDED: u16 = 1 << 4;
    /// The shooter changed direction during this normal shot (猪突猛進).
    pub const DIRECTION_CHANGE: u16 = 1 << 5;
    /// This machine stopped beyond a centre line of the field (半場).
    pub const CROSSED_CENTRE: u16 = 1 << 6;
    /// This machine touched two mines directly (照弾).
    pub const TWO_MINES: u16 = 1 << 7;
    /// This machine, or a part of it, hit its own player's body (直撃).
    pub const BODY_HIT: u16 = 1 << 8;
    /// This machine was flipped out by a mine, not by the enemy machine (駄目押).
    pub const VIA_MINE: u16 = 1 << 9;

    /// Whether the bit `flag` is set.
    pub const fn has(self, flag: u16) -> bool {
        self.0 & flag != 0
    }

    /// Sets the bit `flag`.
    pub fn set(&mut self, flag: u16) {
        self.0 |= flag;
    }
}

/// One shot: a normal shot (通常シュート) or an active shoot (アクティブシュート,
/// both machines at once, possibly caused by a counter blow).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct ShotRecord {
    /// Whether this is an active shoot.
    pub active: bool,
    /// Normal shot: the shooter. Active shoot: the seat that took the initiative (先手).
    pub seat: u8,
    /// The seat whose counter blow (カウンターブロー) caused this active shoot.
    pub counter_by: Option<u8>,
    /// Declarations per seat (a normal shot only carries the shooter's).
    pub decl: [Decl; 2],
    /// The kind of normal shot attempted ([`ShotKind::Plain`] for an active shoot).
    pub kind: ShotKind,
    /// Damage each seat's machine took (a self ring-out voided by chombo ② is `None`).
    pub hit: [Hit; 2],
    /// Per-seat facts.
    pub flags: [SeatFlags; 2],
    /// The two machines touched each other.
    pub contact: bool,
    /// The machines ended locked together (密着 clinch): a re-set.
    pub clinch: bool,
    /// A self ring-out was voided by chombo ②.
    pub voided: bool,
    /// Distance between the machines before the shot.
    pub distance: Distance,
    /// Flight of the machine knocked out (measured when a meteor was declared).
    pub flight: Flight,
    /// Mines knocked off the field (断爆).
    pub mines_out: u8,
    /// Barricades of the target broken by this normal shot (破壊).
    pub broken: u8,
    /// HP of each seat after the shot.
    pub hp: [u8; 2],
}

/// Which die a dora event records.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum DoraKind {
    /// 表ドラ, rolled before the round.
    Omote,
    /// 槓ドラ, rolled by a kan declarer.
    Kan,
    /// 裏ドラ, rolled by the winner after a riichi win.
    Ura,
    /// 裏槓ドラ, one per kan after a riichi win.
    UraKan,
}

/// A normal action that is not a shot.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum BarricadeAct {
    /// Place a barricade on the field (it blocks and can be broken).
    Place,
    /// ステップ: move the machine with a barricade (counts as barricade use).
    Step,
    /// Take back this many barricades into hand.
    Recover(u8),
}

/// Why a machine is stunned (loses its next normal action).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum StunCause {
    /// Overturned inside the field (by the enemy, or a failed landing).
    Overturned,
    /// The stun chosen as the riichi-failure penalty.
    RiichiPenalty,
}

/// Chombo cases as numbered in the seed.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum ChomboCase {
    /// ① a serious foul or mistake: pay 1.
    Foul,
    /// ② a self ring-out at HP 2 or less without touching the enemy: pay 1, void, re-set.
    SelfOut,
    /// ③ won the round after ① other than by the opponent's self ring-out: pay 1, replay.
    Replay,
}

/// The riichi-failure penalty the declarer chose.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Penalty {
    /// ① take a stun.
    Stun,
    /// ② pay the opponent 1 point.
    Pay,
}

/// One entry of the round log.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Event {
    /// A dora die was rolled by `seat` and showed `face` (1–6).
    Dora {
        /// Which die.
        kind: DoraKind,
        /// The roller.
        seat: u8,
        /// The face rolled.
        face: u8,
    },
    /// A shot (normal or active).
    Shot(ShotRecord),
    /// A normal action with a barricade.
    Barricade {
        /// The actor.
        seat: u8,
        /// What was done.
        act: BarricadeAct,
    },
    /// カン: two barricades spent before a normal action.
    Kan {
        /// The declarer.
        seat: u8,
    },
    /// カウンターブロー declared against the opponent's normal shot.
    Counter {
        /// The declarer.
        seat: u8,
        /// It used the declarer's last barricade in hand.
        last: bool,
    },
    /// A stun was received.
    Stun {
        /// The stunned seat.
        seat: u8,
        /// Why.
        cause: StunCause,
    },
    /// A stunned seat lost its normal action.
    Skip {
        /// The seat.
        seat: u8,
    },
    /// A failed riichi was paid for.
    RiichiFailed {
        /// The declarer.
        seat: u8,
        /// The penalty taken.
        penalty: Penalty,
    },
    /// A chombo.
    Chombo {
        /// The offender.
        seat: u8,
        /// Which case.
        case: ChomboCase,
    },
}

/// How a round ended, read from its log.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum RoundEnd {
    /// Not over (no machine at HP 0).
    #[default]
    Open,
    /// `winner` brought `loser` to HP 0; `finish` is the index of the finishing shot.
    Won {
        /// The winner.
        winner: u8,
        /// The loser.
        loser: u8,
        /// Index of the finishing shot in the log.
        finish: u16,
    },
    /// Both machines at HP 0 in one active shoot: 相討流局.
    Mutual,
}

/// The events of one round, in order, with the round's fixed facts.
#[derive(Clone, Debug)]
pub struct RoundLog {
    /// The round number (1-based; extra rounds continue the count). 墓穴 scores it.
    pub round: u8,
    /// Maximum HP per seat (a regulation spell may change a seat's; 大逆転
    /// needs the opponent shaved from it).
    pub max_hp: [u8; 2],
    /// Barricades each player holds at the start (二槓子 replays the count).
    pub barricades: u8,
    /// Per seat: a barricade was placed or stepped with in an earlier round of
    /// the match, replays included (無盾 under `rules.mujun = "match"`).
    pub barricade_used_before: [bool; 2],
    len: u16,
    events: [Event; LOG_CAPACITY],
}

impl RoundLog {
    /// An empty log for round `round`.
    pub fn new(round: u8, max_hp: [u8; 2], barricades: u8) -> Self {
        let blank = Event::Skip { seat: 0 };
        Self { round, max_hp, barricades, barricade_used_before: [false; 2], len: 0, events: [blank; LOG_CAPACITY] }
    }

    /// Empties the log for a new round, keeping its storage (and
    /// `barricade_used_before`, which play sets).
    pub fn clear(&mut self, round: u8) {
        self.round = round;
        self.len = 0;
    }

    /// Appends an event; returns `false` (and records nothing) when full.
    pub fn push(&mut self, event: Event) -> bool {
        let Some(slot) = self.events.get_mut(self.len as usize) else {
            return false;
        };
        *slot = event;
        self.len += 1;
        true
    }

    /// Whether the log has room for `n` more events.
    pub fn has_room(&self, n: usize) -> bool {
        self.len as usize + n <= LOG_CAPACITY
    }

    /// The events so far.
    pub fn events(&self) -> &[Event] {
        &self.events[..self.len as usize]
    }

    /// The last shot record, with its index.
    pub fn last_shot(&self) -> Option<(usize, &ShotRecord)> {
        self.events().iter().enumerate().rev().find_map(|(i, e)| match e {
            Event::Shot(s) => Some((i, s)),
            _ => None,
        })
    }

    /// The seat that took the initiative in the round's first shot (an active
    /// shoot: a round opens with one).
    pub fn first_shooter(&self) -> Option<u8> {
        self.events().iter().find_map(|e| match e {
            Event::Shot(s) => Some(s.seat),
            _ => None,
        })
    }

    /// How the round ended: read from the HP after the last shot.
    pub fn end(&self) -> RoundEnd {
        let Some((i, shot)) = self.last_shot() else {
            return RoundEnd::Open;
        };
        match shot.hp {
            [0, 0] => RoundEnd::Mutual,
            [0, _] => RoundEnd::Won { winner: 1, loser: 0, finish: i as u16 },
            [_, 0] => RoundEnd::Won { winner: 0, loser: 1, finish: i as u16 },
            _ => RoundEnd::Open,
        }
    }
}
