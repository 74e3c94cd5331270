//! The random draws of a varied schedule (`KernelLaunch::schedule`,
//! `Launch::schedule`): xorshift64, seeded per CTA, so that the same seed
//! gives the same run and different CTAs draw differently.

/// How a launch orders its warps: as it said (a seed, or the fixed
/// order), or, where it said nothing, as `PTX_SIM_SCHEDULE` says.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum Order {
    /// `PTX_SIM_SCHEDULE`, a number, if set (so that a whole test suite
    /// runs under one varied schedule), else the fixed order.
    #[default]
    FromEnv,
    /// The fixed order, whatever the environment says.
    Fixed,
    /// Varied by this seed.
    Seed(u64),
}

impl Order {
    /// The seed of the varied schedule, or `None` for the fixed order.
    pub(crate) fn seed(self) -> Option<u64> {
        match self {
            Order::FromEnv => std::env::var("PTX_SIM_SCHEDULE").ok()?.trim().parse().ok(),
            Order::Fixed => None,
            Order::Seed(seed) => Some(seed),
        }
    }
}

/// A CTA's stream of draws.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct Shuffle(u64);

impl Shuffle {
    /// The stream of CTA `cta` (its linear index in the grid) of a launch
    /// scheduled by `seed`: the two mixed by splitmix64's finaliser, made
    /// nonzero (xorshift's only fixed point).
    pub(crate) fn new(seed: u64, cta: u64) -> Shuffle {
        let mut z = seed.wrapping_add((cta + 1).wrapping_mul(0x9E37_79B9_7F4A_7C15));
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        Shuffle((z ^ (z >> 31)) | 1)
    }

    /// The next draw: 32 bits, the high half of the state (the better mixed).
    pub(crate) fn next(&mut self) -> u64 {
        let s = &mut self.0;
        *s ^= *s << 13;
        *s ^= *s >> 7;
        *s ^= *s << 17;
        *s >> 32
    }

    /// A draw below `n` (`n` at least 1).
    pub(crate) fn below(&mut self, n: u64) -> u64 {
        self.next() % n.max(1)
    }

    /// Puts `items` in a random order (Fisher–Yates).
    pub(crate) fn permute<T>(&mut self, items: &mut [T]) {
        for k in (1..items.len()).rev() {
            let j = self.below(k as u64 + 1) as usize;
            items.swap(k, j);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::Shuffle;

    #[test]
    fn a_permutation_keeps_every_item_and_depends_on_the_seed_and_cta() {
        let order = |seed, cta| {
            let mut items: Vec<u32> = (0..32).collect();
            Shuffle::new(seed, cta).permute(&mut items);
            items
        };
        let a = order(1, 0);
        let mut sorted = a.clone();
        sorted.sort_unstable();
        assert_eq!(sorted, (0..32).collect::<Vec<_>>());
        // 32! orders: two streams agreeing by chance is out of the question.
        assert_ne!(a, order(2, 0));
        assert_ne!(a, order(1, 1));
        assert_eq!(a, order(1, 0));
    }

    #[test]
    fn draws_below_n_stay_below_n_and_reach_every_value() {
        let mut s = Shuffle::new(7, 3);
        let mut seen = [false; 5];
        for _ in 0..200 {
            let d = s.below(5);
            assert!(d < 5);
            seen[d as usize] = true;
        }
        assert_eq!(seen, [true; 5]);
    }
}
