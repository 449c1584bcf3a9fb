//! Test support shared by every game's tests (the `testing` feature): the
//! random-play invariant harness and the counting allocator.
//!
//! Every game's tests call [`check_play`] with its own game values and
//! strategies; allocation tests install [`CountingAlloc`] as the global
//! allocator of their test binary.

mod alloc;
mod harness;

pub use alloc::{CountingAlloc, allocations, thread_allocations};
pub use harness::{
    ByFn, Checked, Everyone, PlayCheck, PlayStats, Validate, assert_golden, check_game, check_play, ensure, transcript,
};
