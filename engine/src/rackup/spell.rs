//! レギュレーション: the regulation spells and the machine each one buys.
//!
//! A machine over the size or weight limit may play only under a spell, which
//! bans a part of the game (蜃気楼 mirage: riichi; ダイエットサプリ diet
//! supplement: calls). What the spell pays for is the oversize machine: the
//! profile's `[spells.<spell>]` table gives its modifier (accuracy, power and
//! weight as factors, HP as a change of the maximum), applied to the seat that
//! plays under the spell ([`Spells::machine`]). The shipped values are
//! uncalibrated assumptions; the study sweeps the advantage to find where each
//! spell breaks even.

use super::profile::Player;
use super::profile::error::{ProfileError, invalid, positive};
use serde::Deserialize;

/// A regulation spell that lets an oversize machine play, with its penalty.
#[derive(Clone, Copy, Debug, Default, Deserialize, PartialEq, Eq, Hash)]
#[serde(rename_all = "lowercase")]
pub enum Spell {
    /// No spell.
    #[default]
    None,
    /// 蜃気楼: riichi banned.
    Mirage,
    /// ダイエットサプリ: calls (snipe, meteor, kan) banned.
    Diet,
}

/// The machine a spell buys, as a modifier of the player's own.
#[derive(Clone, Copy, Debug, Deserialize, PartialEq)]
#[serde(deny_unknown_fields)]
pub struct Machine {
    /// Multiplies the player's accuracy.
    pub accuracy: f64,
    /// Multiplies the player's power.
    pub power: f64,
    /// Multiplies the machine's weight (resistance to being knocked out).
    pub weight: f64,
    /// Added to the machine's maximum HP each round.
    pub hp: i8,
}

impl Machine {
    /// No change.
    pub const NEUTRAL: Machine = Machine { accuracy: 1.0, power: 1.0, weight: 1.0, hp: 0 };
}

/// The `[spells]` table: the machine of each spell.
#[derive(Clone, Copy, Debug, Deserialize, PartialEq)]
#[serde(deny_unknown_fields)]
pub struct Spells {
    /// 蜃気楼's machine.
    pub mirage: Machine,
    /// ダイエットサプリ's machine.
    pub diet: Machine,
}

impl Spells {
    /// The machine modifier of `spell` ([`Machine::NEUTRAL`] without one).
    pub const fn modifier(&self, spell: Spell) -> Machine {
        match spell {
            Spell::None => Machine::NEUTRAL,
            Spell::Mirage => self.mirage,
            Spell::Diet => self.diet,
        }
    }

    /// The modifier of `spell`, to change (the study's break-even sweep).
    pub fn modifier_mut(&mut self, spell: Spell) -> Option<&mut Machine> {
        match spell {
            Spell::None => None,
            Spell::Mirage => Some(&mut self.mirage),
            Spell::Diet => Some(&mut self.diet),
        }
    }

    /// `player` on the machine of its spell.
    pub fn machine(&self, player: &Player) -> Player {
        let m = self.modifier(player.spell);
        Player {
            accuracy: player.accuracy * m.accuracy,
            power: player.power * m.power,
            weight: player.weight * m.weight,
            ..*player
        }
    }

    /// The maximum HP of `player`'s machine when the rules give `max_hp`
    /// (at least 1; [`Spells::validate`] keeps it in range).
    pub fn max_hp(&self, player: &Player, max_hp: u8) -> u8 {
        (i16::from(max_hp) + i16::from(self.modifier(player.spell).hp)).clamp(1, 60) as u8
    }

    /// Checks the factors (positive) and the HP change (the maximum stays 1 to 60).
    pub fn validate(&self, max_hp: u8) -> Result<(), ProfileError> {
        for (name, m) in [("mirage", &self.mirage), ("diet", &self.diet)] {
            for (field, x) in [("accuracy", m.accuracy), ("power", m.power), ("weight", m.weight)] {
                positive(&format!("spells.{name}.{field}"), x)?;
            }
            let hp = i16::from(max_hp) + i16::from(m.hp);
            if !(1..=60).contains(&hp) {
                return Err(invalid(
                    &format!("spells.{name}.hp"),
                    format!("rules.max_hp + {} is outside 1 to 60", m.hp),
                ));
            }
        }
        Ok(())
    }
}
