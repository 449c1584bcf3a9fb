//! The Medarot study's saved state ([`state`]) and its ablation arms ([`ablation`]): what
//! `state.json` holds and `sim merge` adds up. Playing and reporting the study is
//! `sim::games::medarot`'s.

pub mod ablation;
pub mod state;
