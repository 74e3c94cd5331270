//! The answer to the CUDA runtime's integrity check: a keyed hash of
//! facts about the process and the driver that the statically linked
//! runtime computes too and compares with the driver's.
//!
//! CUDA 13.0's static runtime asks three times, for versions 13000,
//! 13001 and 13002, and does check: with zeros, or with one bit of the
//! 13002 answer flipped, every runtime call fails with
//! `cudaErrorIntegrityCheckFailed` (103). The answers for 13000 and 13001
//! are not compared (a flipped bit there changes nothing); they are given
//! as documented all the same.
//!
//! What it computes, as ZLUDA's reverse engineering documents it
//! (`dark_api/src/lib.rs` and `zluda/src/impl/driver.rs` of
//! github.com/vosen/ZLUDA; facts only, this code is written from them):
//!
//! * For a version number ending in 0 or 1 the answer is a constant
//!   ([`ANSWER_VERSION_0`], [`ANSWER_VERSION_1`]).
//! * Otherwise it is HMAC (RFC 2104) over MD2 (RFC 1319) with a fixed
//!   16-byte key ([`KEY`]), of: the driver's version, the version asked
//!   for, the process id, the calling thread's `pthread_t` (its low 32
//!   bits), the addresses of the runtime interface table, of the
//!   integrity table and of the integrity function, and the seconds the
//!   runtime passed ([`Facts`], laid out as a C struct); then for each
//!   device its UUID and PCI domain, bus and device numbers
//!   ([`DeviceFacts`]).
//!
//! ZLUDA's code runs MD2's steps one by one in the layout of NVIDIA's
//! machine code (one 66-byte buffer); here MD2 is written from the RFC,
//! and the HMAC construction is recognized in those steps (the key XORed
//! with 0x36, then with 0x5c after a fresh start).

/// The answer for a version number ending in 0.
pub const ANSWER_VERSION_0: [u64; 2] = [0x3341181C03CB675C, 0x8ED383AA1F4CD1E8];

/// The answer for a version number ending in 1.
pub const ANSWER_VERSION_1: [u64; 2] = [0x1841181C03CB675C, 0x8ED383AA1F4CD1E8];

/// The HMAC key.
pub const KEY: [u8; 16] = [
    0x14, 0x6A, 0xDD, 0xAE, 0x53, 0xA9, 0xA7, 0x52, 0xAA, 0x08, 0x41, 0x36, 0x0B, 0xF5, 0x5A, 0x9F,
];

/// What is hashed first, in the layout of the C struct the runtime hashes
/// too (48 bytes, no padding).
#[derive(Clone, Copy, Debug)]
pub struct Facts {
    /// The driver's version (`cuDriverGetVersion`).
    pub driver_version: u32,
    /// The version number the runtime passed.
    pub version: u32,
    /// The process id.
    pub process: u32,
    /// The calling thread's `pthread_self()`, cut to 32 bits.
    pub thread: u32,
    /// The address of the runtime interface table.
    pub cudart_table: usize,
    /// The address of the integrity table.
    pub integrity_table: usize,
    /// The address of the integrity function (the integrity table's
    /// second word).
    pub integrity_function: usize,
    /// The seconds the runtime passed.
    pub unix_seconds: u64,
}

impl Facts {
    /// The bytes hashed.
    fn bytes(&self) -> Vec<u8> {
        let mut bytes = Vec::with_capacity(48);
        for word in [self.driver_version, self.version, self.process, self.thread] {
            bytes.extend_from_slice(&word.to_le_bytes());
        }
        for word in [
            self.cudart_table as u64,
            self.integrity_table as u64,
            self.integrity_function as u64,
            self.unix_seconds,
        ] {
            bytes.extend_from_slice(&word.to_le_bytes());
        }
        bytes
    }
}

/// What is hashed of each device (28 bytes).
#[derive(Clone, Copy, Debug)]
pub struct DeviceFacts {
    /// `cuDeviceGetUuid`.
    pub uuid: [u8; 16],
    /// `CU_DEVICE_ATTRIBUTE_PCI_DOMAIN_ID`.
    pub pci_domain: i32,
    /// `CU_DEVICE_ATTRIBUTE_PCI_BUS_ID`.
    pub pci_bus: i32,
    /// `CU_DEVICE_ATTRIBUTE_PCI_DEVICE_ID`.
    pub pci_device: i32,
}

impl DeviceFacts {
    /// The bytes hashed.
    fn bytes(&self) -> Vec<u8> {
        let mut bytes = self.uuid.to_vec();
        for word in [self.pci_domain, self.pci_bus, self.pci_device] {
            bytes.extend_from_slice(&word.to_le_bytes());
        }
        bytes
    }
}

/// The answer to the integrity check for `facts` and `devices`.
pub fn answer(facts: &Facts, devices: &[DeviceFacts]) -> [u64; 2] {
    match facts.version % 10 {
        0 => return ANSWER_VERSION_0,
        1 => return ANSWER_VERSION_1,
        _ => {}
    }
    let mut message = facts.bytes();
    for device in devices {
        message.extend(device.bytes());
    }
    let mac = hmac_md2(&KEY, &message);
    let (low, high) = mac.split_at(8);
    [
        u64::from_le_bytes(low.try_into().expect("8 bytes")),
        u64::from_le_bytes(high.try_into().expect("8 bytes")),
    ]
}

/// HMAC-MD2 (RFC 2104; MD2's block is 16 bytes) with a key of one
/// block.
pub fn hmac_md2(key: &[u8; 16], message: &[u8]) -> [u8; 16] {
    let pad = |byte: u8| key.map(|k| k ^ byte);
    let mut inner = Md2::default();
    inner.update(&pad(0x36));
    inner.update(message);
    let inner = inner.finish();
    let mut outer = Md2::default();
    outer.update(&pad(0x5c));
    outer.update(&inner);
    outer.finish()
}

/// RFC 1319's permutation of 0..=255 made from the digits of pi.
const PI_SUBST: [u8; 256] = [
    0x29, 0x2E, 0x43, 0xC9, 0xA2, 0xD8, 0x7C, 0x01, 0x3D, 0x36, 0x54, 0xA1, 0xEC, 0xF0, 0x06, 0x13,
    0x62, 0xA7, 0x05, 0xF3, 0xC0, 0xC7, 0x73, 0x8C, 0x98, 0x93, 0x2B, 0xD9, 0xBC, 0x4C, 0x82, 0xCA,
    0x1E, 0x9B, 0x57, 0x3C, 0xFD, 0xD4, 0xE0, 0x16, 0x67, 0x42, 0x6F, 0x18, 0x8A, 0x17, 0xE5, 0x12,
    0xBE, 0x4E, 0xC4, 0xD6, 0xDA, 0x9E, 0xDE, 0x49, 0xA0, 0xFB, 0xF5, 0x8E, 0xBB, 0x2F, 0xEE, 0x7A,
    0xA9, 0x68, 0x79, 0x91, 0x15, 0xB2, 0x07, 0x3F, 0x94, 0xC2, 0x10, 0x89, 0x0B, 0x22, 0x5F, 0x21,
    0x80, 0x7F, 0x5D, 0x9A, 0x5A, 0x90, 0x32, 0x27, 0x35, 0x3E, 0xCC, 0xE7, 0xBF, 0xF7, 0x97, 0x03,
    0xFF, 0x19, 0x30, 0xB3, 0x48, 0xA5, 0xB5, 0xD1, 0xD7, 0x5E, 0x92, 0x2A, 0xAC, 0x56, 0xAA, 0xC6,
    0x4F, 0xB8, 0x38, 0xD2, 0x96, 0xA4, 0x7D, 0xB6, 0x76, 0xFC, 0x6B, 0xE2, 0x9C, 0x74, 0x04, 0xF1,
    0x45, 0x9D, 0x70, 0x59, 0x64, 0x71, 0x87, 0x20, 0x86, 0x5B, 0xCF, 0x65, 0xE6, 0x2D, 0xA8, 0x02,
    0x1B, 0x60, 0x25, 0xAD, 0xAE, 0xB0, 0xB9, 0xF6, 0x1C, 0x46, 0x61, 0x69, 0x34, 0x40, 0x7E, 0x0F,
    0x55, 0x47, 0xA3, 0x23, 0xDD, 0x51, 0xAF, 0x3A, 0xC3, 0x5C, 0xF9, 0xCE, 0xBA, 0xC5, 0xEA, 0x26,
    0x2C, 0x53, 0x0D, 0x6E, 0x85, 0x28, 0x84, 0x09, 0xD3, 0xDF, 0xCD, 0xF4, 0x41, 0x81, 0x4D, 0x52,
    0x6A, 0xDC, 0x37, 0xC8, 0x6C, 0xC1, 0xAB, 0xFA, 0x24, 0xE1, 0x7B, 0x08, 0x0C, 0xBD, 0xB1, 0x4A,
    0x78, 0x88, 0x95, 0x8B, 0xE3, 0x63, 0xE8, 0x6D, 0xE9, 0xCB, 0xD5, 0xFE, 0x3B, 0x00, 0x1D, 0x39,
    0xF2, 0xEF, 0xB7, 0x0E, 0x66, 0x58, 0xD0, 0xE4, 0xA6, 0x77, 0x72, 0xF8, 0xEB, 0x75, 0x4B, 0x0A,
    0x31, 0x44, 0x50, 0xB4, 0x8F, 0xED, 0x1F, 0x1A, 0xDB, 0x99, 0x8D, 0x33, 0x9F, 0x11, 0x83, 0x14,
];

/// MD2 (RFC 1319, with its erratum: the checksum byte is XORed in).
pub struct Md2 {
    /// The 48-byte state; its first 16 bytes are the digest at the end.
    state: [u8; 48],
    /// The running checksum.
    checksum: [u8; 16],
    /// Bytes waiting for a whole block.
    pending: Vec<u8>,
}

impl Default for Md2 {
    fn default() -> Md2 {
        Md2 {
            state: [0; 48],
            checksum: [0; 16],
            pending: Vec::new(),
        }
    }
}

impl Md2 {
    /// Hashes `bytes` in.
    pub fn update(&mut self, bytes: &[u8]) {
        self.pending.extend_from_slice(bytes);
        let whole = self.pending.len() / 16 * 16;
        let blocks: Vec<u8> = self.pending.drain(..whole).collect();
        for block in blocks.chunks_exact(16) {
            let block: &[u8; 16] = block.try_into().expect("16 bytes");
            self.add_to_checksum(block);
            self.compress(block);
        }
    }

    /// The digest: the message padded to whole blocks (n bytes of value
    /// n, 1 to 16), then the checksum as the last block.
    pub fn finish(mut self) -> [u8; 16] {
        let n = 16 - self.pending.len() % 16;
        self.update(&vec![n as u8; n]);
        let checksum = self.checksum;
        self.compress(&checksum);
        let mut digest = [0; 16];
        digest.copy_from_slice(&self.state[..16]);
        digest
    }

    /// Folds `block` into the checksum.
    fn add_to_checksum(&mut self, block: &[u8; 16]) {
        let mut last = self.checksum[15];
        for (c, &b) in self.checksum.iter_mut().zip(block) {
            *c ^= PI_SUBST[(b ^ last) as usize];
            last = *c;
        }
    }

    /// MD2's 18 rounds over the state with `block`.
    fn compress(&mut self, block: &[u8; 16]) {
        for (j, &b) in block.iter().enumerate() {
            self.state[16 + j] = b;
            self.state[32 + j] = b ^ self.state[j];
        }
        let mut t = 0u8;
        for round in 0..18u8 {
            for x in self.state.iter_mut() {
                *x ^= PI_SUBST[t as usize];
                t = *x;
            }
            t = t.wrapping_add(round);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn hex(bytes: &[u8]) -> String {
        bytes.iter().map(|b| format!("{b:02x}")).collect()
    }

    fn md2(message: &[u8]) -> String {
        let mut md2 = Md2::default();
        md2.update(message);
        hex(&md2.finish())
    }

    #[test]
    fn md2_gives_rfc_1319s_test_suite() {
        assert_eq!(md2(b""), "8350e5a3e24c153df2275c9f80692773");
        assert_eq!(md2(b"a"), "32ec01ec4a6dac72c0ab96fb34c0b5d1");
        assert_eq!(md2(b"abc"), "da853b0d3f88d99b30283a69e6ded6bb");
        assert_eq!(md2(b"message digest"), "ab4f496bfb2a530b219ff33031fe06b0");
        assert_eq!(
            md2(b"abcdefghijklmnopqrstuvwxyz"),
            "4e8ddff3650292ab5a4108c3aa47940b"
        );
        assert_eq!(
            md2(
                b"12345678901234567890123456789012345678901234567890123456789012345678901234567890"
            ),
            "d5976f79d83d3a0dc9806c3c66f3efd8"
        );
    }

    #[test]
    fn md2_takes_a_message_in_pieces_as_whole() {
        let mut pieces = Md2::default();
        pieces.update(b"mess");
        pieces.update(b"age dig");
        pieces.update(b"est");
        assert_eq!(hex(&pieces.finish()), md2(b"message digest"));
    }

    #[test]
    fn versions_ending_in_0_and_1_have_fixed_answers() {
        let facts = Facts {
            driver_version: 13000,
            version: 13000,
            process: 1,
            thread: 2,
            cudart_table: 3,
            integrity_table: 4,
            integrity_function: 5,
            unix_seconds: 6,
        };
        assert_eq!(answer(&facts, &[]), ANSWER_VERSION_0);
        let facts = Facts {
            version: 13001,
            ..facts
        };
        assert_eq!(answer(&facts, &[]), ANSWER_VERSION_1);
    }

    #[test]
    fn the_facts_are_laid_out_as_cs_structs() {
        let facts = Facts {
            driver_version: 1,
            version: 2,
            process: 3,
            thread: 4,
            cudart_table: 5,
            integrity_table: 6,
            integrity_function: 7,
            unix_seconds: 8,
        };
        let bytes = facts.bytes();
        assert_eq!(bytes.len(), 48);
        assert_eq!(&bytes[12..20], &[4, 0, 0, 0, 5, 0, 0, 0]);
        assert_eq!(bytes[40], 8);
        let device = DeviceFacts {
            uuid: [9; 16],
            pci_domain: 1,
            pci_bus: 2,
            pci_device: 3,
        };
        assert_eq!(device.bytes().len(), 28);
    }
}
