//! Shards: the K-th of N contiguous slices of a run's game indices (`--shard K/N`), played
//! on different machines and added up by `sim merge`. `--shard auto` reads K and N from a
//! cluster scheduler's environment: a Slurm array task (`SLURM_ARRAY_TASK_ID`,
//! `SLURM_ARRAY_TASK_COUNT`, counted from `SLURM_ARRAY_TASK_MIN` in steps of
//! `SLURM_ARRAY_TASK_STEP`), or a Kubernetes Indexed Job (`JOB_COMPLETION_INDEX`, 0-based,
//! with the completion count given as `--shard auto/N`).

use anyhow::{Context, Result, bail};
use serde::{Deserialize, Serialize};
use std::fmt;
use std::ops::Range;
use std::str::FromStr;

/// The K-th of N contiguous slices of a run's game indices (`K/N`, 1-based).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Shard {
    /// Which slice, 1..=count.
    pub index: u64,
    /// How many slices the run is cut into.
    pub count: u64,
}

impl Shard {
    /// The whole run as one slice.
    pub const WHOLE: Shard = Shard { index: 1, count: 1 };

    /// The game indices of this slice of a run of `games` games.
    pub fn range(&self, games: u64) -> Range<u64> {
        let cut = |k: u64| (u128::from(games) * u128::from(k) / u128::from(self.count)) as u64;
        cut(self.index - 1)..cut(self.index)
    }

    /// `--shard auto` (`count` None) or `auto/N`, from the variables `env` gives.
    pub fn from_env(count: Option<u64>, env: impl Fn(&str) -> Option<String>) -> Result<Shard> {
        let number = |name: &str| -> Result<Option<u64>> {
            env(name)
                .map(|v| {
                    v.trim().parse::<u64>().with_context(|| format!("--shard auto: {name}=`{v}` is not a whole number"))
                })
                .transpose()
        };
        let shard = if let Some(id) = number("SLURM_ARRAY_TASK_ID")? {
            let tasks = number("SLURM_ARRAY_TASK_COUNT")?
                .context("--shard auto: SLURM_ARRAY_TASK_ID is set but SLURM_ARRAY_TASK_COUNT is not")?;
            let (min, step) =
                (number("SLURM_ARRAY_TASK_MIN")?.unwrap_or(0), number("SLURM_ARRAY_TASK_STEP")?.unwrap_or(1));
            if id < min || step == 0 || !(id - min).is_multiple_of(step) {
                bail!("--shard auto: SLURM_ARRAY_TASK_ID {id} is not in the array from {min} in steps of {step}");
            }
            if count.is_some_and(|n| n != tasks) {
                bail!("--shard auto/{}: the Slurm array has {tasks} tasks", count.unwrap_or_default());
            }
            Shard { index: ((id - min) / step).saturating_add(1), count: tasks }
        } else if let Some(index) = number("JOB_COMPLETION_INDEX")? {
            let count = count.context(
                "--shard auto: JOB_COMPLETION_INDEX is set: give the job's completion count as --shard auto/N",
            )?;
            Shard { index: index.saturating_add(1), count }
        } else {
            bail!(
                "--shard auto: neither a Slurm array task (SLURM_ARRAY_TASK_ID, SLURM_ARRAY_TASK_COUNT) nor a \
                 Kubernetes Indexed Job (JOB_COMPLETION_INDEX, with --shard auto/N) is in the environment"
            );
        };
        // A task number of u64::MAX saturates (never wraps to 0) and lands here as out of range.
        if shard.count == 0 || shard.index > shard.count {
            bail!("--shard auto: task {} of {} is out of range", shard.index, shard.count);
        }
        Ok(shard)
    }
}

impl fmt::Display for Shard {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}/{}", self.index, self.count)
    }
}

impl FromStr for Shard {
    type Err = anyhow::Error;

    /// `K/N`, or `auto` / `auto/N` from the scheduler's environment ([`Shard::from_env`]).
    fn from_str(s: &str) -> Result<Self> {
        let parse = |x: &str, what: &str| {
            x.trim().parse::<u64>().with_context(|| format!("shard `{s}`: {what} `{x}` is not a whole number"))
        };
        let env = |name: &str| std::env::var(name).ok();
        match s.trim().split_once('/') {
            None if s.trim() == "auto" => return Shard::from_env(None, env),
            Some(("auto", n)) => return Shard::from_env(Some(parse(n, "N")?), env),
            _ => {}
        }
        let (k, n) =
            s.split_once('/').with_context(|| format!("shard `{s}` is not of the form K/N (e.g. 1/4) or auto"))?;
        let (index, count) = (parse(k, "K")?, parse(n, "N")?);
        if count == 0 || index == 0 || index > count {
            bail!("shard `{s}` is out of range: need 1 ≤ K ≤ N");
        }
        Ok(Shard { index, count })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn shards_tile_the_run() {
        let games = 1_000_003;
        let mut next = 0;
        for k in 1..=7 {
            let r = Shard { index: k, count: 7 }.range(games);
            assert_eq!(r.start, next);
            next = r.end;
        }
        assert_eq!(next, games);
    }

    #[test]
    fn shard_specs_are_checked() {
        assert_eq!("2/3".parse::<Shard>().unwrap(), Shard { index: 2, count: 3 });
        for bad in ["0/2", "3/2", "1/0", "1", "a/2", "1/-2", "auto/x"] {
            assert!(bad.parse::<Shard>().is_err(), "{bad} accepted");
        }
    }

    fn env<'a>(vars: &'a [(&'a str, &'a str)]) -> impl Fn(&str) -> Option<String> + 'a {
        |name| vars.iter().find(|v| v.0 == name).map(|v| v.1.to_string())
    }

    #[test]
    fn auto_reads_a_slurm_array_task_from_its_minimum_in_steps() {
        let slurm = [("SLURM_ARRAY_TASK_ID", "3"), ("SLURM_ARRAY_TASK_COUNT", "4")];
        assert_eq!(Shard::from_env(None, env(&slurm)).unwrap(), Shard { index: 4, count: 4 });
        let from_one = [("SLURM_ARRAY_TASK_ID", "1"), ("SLURM_ARRAY_TASK_COUNT", "4"), ("SLURM_ARRAY_TASK_MIN", "1")];
        assert_eq!(Shard::from_env(Some(4), env(&from_one)).unwrap(), Shard { index: 1, count: 4 });
        let stepped = [
            ("SLURM_ARRAY_TASK_ID", "14"),
            ("SLURM_ARRAY_TASK_COUNT", "3"),
            ("SLURM_ARRAY_TASK_MIN", "10"),
            ("SLURM_ARRAY_TASK_STEP", "2"),
        ];
        assert_eq!(Shard::from_env(None, env(&stepped)).unwrap(), Shard { index: 3, count: 3 });
        let e = Shard::from_env(Some(5), env(&slurm)).unwrap_err().to_string();
        assert!(e.contains("the Slurm array has 4 tasks"), "{e}");
        let e = Shard::from_env(None, env(&slurm[..1])).unwrap_err().to_string();
        assert!(e.contains("SLURM_ARRAY_TASK_COUNT is not"), "{e}");
    }

    #[test]
    fn auto_reads_a_kubernetes_indexed_job_with_its_count() {
        let k8s = [("JOB_COMPLETION_INDEX", "0")];
        assert_eq!(Shard::from_env(Some(3), env(&k8s)).unwrap(), Shard { index: 1, count: 3 });
        let e = Shard::from_env(None, env(&k8s)).unwrap_err().to_string();
        assert!(e.contains("--shard auto/N"), "{e}");
        let e = Shard::from_env(Some(3), env(&[("JOB_COMPLETION_INDEX", "3")])).unwrap_err().to_string();
        assert!(e.contains("task 4 of 3 is out of range"), "{e}");
    }

    #[test]
    fn auto_refuses_the_largest_task_number_instead_of_wrapping_to_task_0() {
        let max = u64::MAX.to_string();
        let k8s = [("JOB_COMPLETION_INDEX", max.as_str())];
        let e = Shard::from_env(Some(5), env(&k8s)).unwrap_err().to_string();
        assert!(e.contains(&format!("task {max} of 5 is out of range")), "{e}");
        let slurm = [("SLURM_ARRAY_TASK_ID", max.as_str()), ("SLURM_ARRAY_TASK_COUNT", "5")];
        let e = Shard::from_env(Some(5), env(&slurm)).unwrap_err().to_string();
        assert!(e.contains(&format!("task {max} of 5 is out of range")), "{e}");
    }

    #[test]
    fn auto_names_the_variables_it_did_not_find() {
        let e = Shard::from_env(None, env(&[])).unwrap_err().to_string();
        assert!(e.contains("SLURM_ARRAY_TASK_ID") && e.contains("JOB_COMPLETION_INDEX"), "{e}");
    }
}
