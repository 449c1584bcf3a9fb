//! Drivers, teams and line-ups (loaded from TOML), and battle styles read by name.

use super::DriftError;
use super::style::{Style, StyleSet};
use crate::config::Presets;
use serde::Deserialize;
use std::str::FromStr;

impl FromStr for Style {
    type Err = DriftError;

    /// Accepts the id (`"road_dancer"`), case-insensitively, with `-` or ` ` for `_`, or the
    /// variant name (`"RoadDancer"`).
    fn from_str(s: &str) -> Result<Style, DriftError> {
        let key: String = s.chars().filter(|c| !matches!(c, '_' | '-' | ' ')).map(|c| c.to_ascii_lowercase()).collect();
        Style::ALL
            .into_iter()
            .find(|st| st.id().replace('_', "") == key)
            .ok_or_else(|| DriftError::UnknownStyle { name: s.to_string(), driver: None })
    }
}

/// One driver (走り屋) with the car they drive in a drift battle.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default)]
pub struct Driver {
    /// 走り屋ランク; negative for a circled rank (③ = -3), which is out after one exchange.
    pub rank: i8,
    /// 地元によるプラス修正: added to life when the rules apply home bonuses.
    pub home_bonus: i8,
    /// Home is 自動車競技・ドリフト (needed by RoadDancer and SpeedMaster).
    pub home_is_drift: bool,
    /// 速度: hand size as leader; negative (circled) gives that many cards to the chaser.
    pub speed: i8,
    /// 馬力: hand size as chaser; negative (circled) gives that many cards to the leader.
    pub horsepower: i8,
    /// Battle styles held.
    pub styles: StyleSet,
}

impl Driver {
    /// A driver with no home bonus and no styles.
    pub const fn new(rank: i8, speed: i8, horsepower: i8) -> Driver {
        Driver { rank, home_bonus: 0, home_is_drift: false, speed, horsepower, styles: StyleSet::EMPTY }
    }

    /// This driver with `style` added.
    pub const fn with(mut self, style: Style) -> Driver {
        self.styles = self.styles.with(style);
        self
    }

    /// `true` when the driver holds `style`.
    pub const fn has(&self, style: Style) -> bool {
        self.styles.contains(style)
    }
}

/// A team for team battle (団体戦): a 先導 (leader, member 0) and up to 3 後続 (followers).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Team {
    members: [Driver; Team::MAX],
    len: u8,
}

impl Team {
    /// Most members in a team: one 先導 and three 後続.
    pub const MAX: usize = 4;

    /// A team of 1..=4 drivers, the first being the 先導.
    pub fn new(members: &[Driver]) -> Result<Team, DriftError> {
        if members.is_empty() || members.len() > Team::MAX {
            return Err(DriftError::BadValue {
                item: "team".into(),
                field: "members",
                allowed: "1 to 4 drivers",
                found: members.len().to_string(),
            });
        }
        let mut team = Team::solo(members[0]);
        team.members[..members.len()].copy_from_slice(members);
        team.len = members.len() as u8;
        Ok(team)
    }

    /// A team of one driver.
    pub const fn solo(driver: Driver) -> Team {
        Team { members: [driver; Team::MAX], len: 1 }
    }

    /// The members, 先導 first.
    pub fn members(&self) -> &[Driver] {
        &self.members[..self.len as usize]
    }

    /// The 先導.
    pub const fn leader(&self) -> Driver {
        self.members[0]
    }

    /// Number of members (1..=4).
    pub const fn len(&self) -> usize {
        self.len as usize
    }

    /// Always `false`: a team has a 先導.
    pub const fn is_empty(&self) -> bool {
        false
    }

    /// `true` when every member holds `style`.
    pub fn all_have(&self, style: Style) -> bool {
        self.members().iter().all(|d| d.has(style))
    }
}

/// Named drivers and named teams, as read from a line-up file.
#[derive(Clone, Debug, PartialEq)]
pub struct Lineup {
    /// The drivers in file order.
    pub drivers: Vec<(String, Driver)>,
    /// The teams in file order (may be empty).
    pub teams: Vec<(String, Team)>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct LineupFile {
    #[serde(default)]
    driver: Vec<DriverEntry>,
    #[serde(default)]
    team: Vec<TeamEntry>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct DriverEntry {
    #[serde(deserialize_with = "crate::config::name")]
    name: String,
    rank: i64,
    #[serde(default)]
    home_bonus: i64,
    #[serde(default)]
    home_is_drift: bool,
    speed: i64,
    horsepower: i64,
    #[serde(default, deserialize_with = "crate::config::distinct")]
    styles: Vec<String>,
    /// セッティング, optional: when given it must be `drift` (only cars set to ドリフト may
    /// drift battle).
    setting: Option<String>,
    /// 駆動方式, optional: when given it must be `FR` (only FR cars may take the ドリフト
    /// setting).
    drive: Option<String>,
}

/// The drive layouts (駆動方式) a line-up may name.
const DRIVES: [&str; 5] = ["FF", "FR", "MR", "RR", "4WD"];

impl DriverEntry {
    /// The eligibility rule of the seed: a drift battle is only for cars set to ドリフト
    /// (原則としてドリフトバトルを行えるのは、セッティングが「ドリフト」のクルマのみ), and only FR
    /// cars may take that setting (「ドリフト」を選択できるのは駆動方式ＦＲのクルマのみ).
    /// Checked for the fields a line-up gives; a line-up without them is taken as eligible.
    fn check_eligible(&self, item: &str) -> Result<(), DriftError> {
        let bad = |field, allowed, found: &str| {
            Err(DriftError::BadValue { item: item.to_string(), field, allowed, found: format!("{found:?}") })
        };
        if let Some(drive) = &self.drive {
            if !DRIVES.iter().any(|d| d.eq_ignore_ascii_case(drive)) {
                return bad("drive", "one of FF, FR, MR, RR, 4WD", drive);
            }
            if !drive.eq_ignore_ascii_case("FR") {
                return bad("drive", "FR (only FR cars may take the drift setting)", drive);
            }
        }
        match &self.setting {
            Some(setting) if !setting.eq_ignore_ascii_case("drift") => {
                bad("setting", "drift (only cars set to ドリフト may drift battle)", setting)
            }
            _ => Ok(()),
        }
    }
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct TeamEntry {
    #[serde(deserialize_with = "crate::config::name")]
    name: String,
    members: Vec<String>,
}

impl Lineup {
    /// The built-in line-ups.
    pub const PRESETS: Presets = Presets {
        kind: "drift line-up",
        list: &[
            ("example", include_str!("presets/lineup_example.toml")),
            ("styles", include_str!("presets/lineup_styles.toml")),
            ("teams", include_str!("presets/lineup_teams.toml")),
        ],
    };

    /// The built-in example line-up (`presets/lineup_example.toml`).
    pub fn example() -> Lineup {
        Lineup::preset("example").unwrap_or_else(|e| unreachable!("built-in line-up: {e}"))
    }

    /// A built-in line-up by name (see [`Lineup::PRESETS`]).
    pub fn preset(name: &str) -> Result<Lineup, DriftError> {
        let text = Self::PRESETS.text(name).ok_or_else(|| DriftError::UnknownPreset(Self::PRESETS.unknown(name)))?;
        Lineup::from_toml(text)
    }

    /// Parses and checks a line-up file (format: see `presets/lineup_example.toml`).
    pub fn from_toml(text: &str) -> Result<Lineup, DriftError> {
        let file: LineupFile =
            crate::config::from_toml(text).map_err(|e| DriftError::Toml { message: e.to_string() })?;
        if file.driver.is_empty() {
            return Err(DriftError::BadValue {
                item: "line-up".into(),
                field: "driver",
                allowed: "at least one [[driver]]",
                found: "none".into(),
            });
        }
        let mut drivers: Vec<(String, Driver)> = Vec::with_capacity(file.driver.len());
        for entry in &file.driver {
            if drivers.iter().any(|(n, _)| *n == entry.name) {
                return Err(DriftError::Duplicate(entry.name.clone()));
            }
            drivers.push((entry.name.clone(), entry.to_driver()?));
        }
        let mut teams: Vec<(String, Team)> = Vec::with_capacity(file.team.len());
        for entry in &file.team {
            if teams.iter().any(|(n, _)| *n == entry.name) {
                return Err(DriftError::Duplicate(entry.name.clone()));
            }
            let mut members = Vec::with_capacity(entry.members.len());
            for m in &entry.members {
                let (_, d) = drivers
                    .iter()
                    .find(|(n, _)| n == m)
                    .ok_or_else(|| DriftError::UnknownDriver { team: entry.name.clone(), driver: m.clone() })?;
                members.push(*d);
            }
            let team = Team::new(&members).map_err(|e| match e {
                DriftError::BadValue { field, allowed, found, .. } => {
                    DriftError::BadValue { item: format!("team {:?}", entry.name), field, allowed, found }
                }
                other => other,
            })?;
            teams.push((entry.name.clone(), team));
        }
        Ok(Lineup { drivers, teams })
    }

    /// The driver called `name`.
    pub fn driver(&self, name: &str) -> Option<Driver> {
        self.drivers.iter().find(|(n, _)| n == name).map(|(_, d)| *d)
    }

    /// The team called `name`.
    pub fn team(&self, name: &str) -> Option<Team> {
        self.teams.iter().find(|(n, _)| n == name).map(|(_, t)| *t)
    }
}

impl DriverEntry {
    fn to_driver(&self) -> Result<Driver, DriftError> {
        let item = format!("driver {:?}", self.name);
        let field = |field: &'static str, v: i64, lo: i64, hi: i64, allowed: &'static str| {
            if (lo..=hi).contains(&v) {
                Ok(v as i8)
            } else {
                Err(DriftError::BadValue { item: item.clone(), field, allowed, found: v.to_string() })
            }
        };
        self.check_eligible(&item)?;
        let mut styles = StyleSet::EMPTY;
        for s in &self.styles {
            let style: Style =
                s.parse().map_err(|_| DriftError::UnknownStyle { name: s.clone(), driver: Some(self.name.clone()) })?;
            styles.insert(style);
        }
        Ok(Driver {
            rank: field("rank", self.rank, -9, 9, "-9..=9 (negative = circled rank)")?,
            home_bonus: field("home_bonus", self.home_bonus, 0, 9, "0..=9")?,
            home_is_drift: self.home_is_drift,
            speed: field("speed", self.speed, -10, 10, "-10..=10 (negative = circled)")?,
            horsepower: field("horsepower", self.horsepower, -10, 10, "-10..=10 (negative = circled)")?,
            styles,
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn built_in_lineups_load() {
        let ex = Lineup::example();
        assert!(ex.drivers.len() >= 4);
        let styles = Lineup::preset("styles").unwrap();
        assert_eq!(styles.drivers.len(), 1 + Style::COUNT);
        assert!(styles.drivers[0].1.styles.is_empty());
        for (i, style) in Style::ALL.into_iter().enumerate() {
            assert_eq!(styles.drivers[i + 1].1.styles, StyleSet::of(&[style]));
        }
        let teams = Lineup::preset("teams").unwrap();
        assert!(teams.teams.len() >= 2 && teams.teams.iter().all(|(_, t)| t.len() >= 2));
    }

    #[test]
    fn an_empty_or_control_character_name_and_a_style_listed_twice_are_refused_with_their_line() {
        let base = "[[driver]]\nname = \"Ken\"\nrank = 2\nspeed = 4\nhorsepower = 4\n";
        for (text, line, want) in [
            (base.replace("\"Ken\"", "\"\""), "line 2", "must not be empty"),
            (base.replace("\"Ken\"", "\"K\\u0000n\""), "line 2", "control character"),
            (format!("{base}styles = [\"juggernaut\", \"juggernaut\"]"), "line 6", "\"juggernaut\" is listed twice"),
            (format!("{base}[[team]]\nname = \"A\\nB\"\nmembers = [\"Ken\"]"), "line 7", "control character"),
        ] {
            let e = Lineup::from_toml(&text).unwrap_err().to_string();
            assert!(e.contains(line) && e.contains(want) && !e.contains('\n'), "{text}: {e}");
        }
    }

    #[test]
    fn errors_name_driver_field_and_position() {
        let base = "[[driver]]\nname = \"Ken\"\nrank = 2\nspeed = 4\nhorsepower = 4\n";
        let e = Lineup::from_toml(&format!("{base}styles = [\"juggernaut\", \"warp\"]")).unwrap_err().to_string();
        assert!(e.contains("\"Ken\"") && e.contains("warp") && e.contains("road_dancer"), "{e}");
        let e = Lineup::from_toml(&base.replace("speed = 4", "speed = 40")).unwrap_err();
        assert!(e.to_string().contains("\"Ken\"") && e.to_string().contains("speed"), "{e}");
        let e = Lineup::from_toml(&base.replace("rank = 2", "rank = ")).unwrap_err();
        assert!(e.to_string().contains("line 3"), "{e}");
        let e = Lineup::from_toml(&format!("{base}colour = 1")).unwrap_err();
        assert!(e.to_string().contains("colour"), "{e}");
        let e = Lineup::from_toml(&format!("{base}{base}")).unwrap_err();
        assert_eq!(e, DriftError::Duplicate("Ken".into()));
        let e = Lineup::from_toml(&format!("{base}[[team]]\nname = \"T\"\nmembers = [\"Ken\", \"Bo\"]")).unwrap_err();
        assert!(e.to_string().contains("\"Bo\""), "{e}");
        let five = "members = [\"Ken\", \"Ken\", \"Ken\", \"Ken\", \"Ken\"]";
        let e = Lineup::from_toml(&format!("{base}[[team]]\nname = \"T\"\n{five}")).unwrap_err();
        assert!(e.to_string().contains("team \"T\"") && e.to_string().contains("1 to 4"), "{e}");
        assert!(Lineup::from_toml("").is_err());
    }

    #[test]
    fn declared_settings_must_be_drift_on_an_fr_car() {
        let base = "[[driver]]\nname = \"Ken\"\nrank = 2\nspeed = 4\nhorsepower = 4\n";
        assert!(Lineup::from_toml(&format!("{base}setting = \"drift\"\ndrive = \"FR\"")).is_ok());
        assert!(Lineup::from_toml(&format!("{base}setting = \"Drift\"")).is_ok());
        let e = Lineup::from_toml(&format!("{base}setting = \"grip\"")).unwrap_err().to_string();
        assert_eq!(
            e,
            "driver \"Ken\": field `setting` is \"grip\", expected drift (only cars set to ドリフト may drift battle)"
        );
        let e = Lineup::from_toml(&format!("{base}setting = \"drift\"\ndrive = \"FF\"")).unwrap_err().to_string();
        assert!(e.contains("\"Ken\"") && e.contains("`drive` is \"FF\"") && e.contains("only FR"), "{e}");
        let e = Lineup::from_toml(&format!("{base}drive = \"AWD\"")).unwrap_err().to_string();
        assert!(e.contains("one of FF, FR") && !e.contains('\n'), "{e}");
    }
}
