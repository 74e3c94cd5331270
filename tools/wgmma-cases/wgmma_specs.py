# Written by tools/wgmma-cases/gen.py; do not edit.
true, false = True, False
SPECS = [
{
"name": "wgmma/m64n8k16.f32.f16.f16.ss.ta0.tb0.sa1.sb1.sw128.v00",
"repo": "ptx-rs/ptx",
"source": "modules/m64n8k16_f32_f16_f16_ss_ta0_tb0_sa1_sb1.ptx",
"nvcc_flags": [],
"entry": "k",
"grid": [
1,
1,
1
],
"block": [
128,
1,
1
],
"shared_bytes": 9216,
"args": [
{
"buf": "a"
},
{
"buf": "b"
},
{
"buf": "c"
},
{
"buf": "d"
},
{
"u64": 4611686293305360384
},
{
"u64": 4611686293305360384
},
{
"u32": 8192
},
{
"u32": 1024
},
{
"u32": 1
}
],
"buffers": {
"a": {
"dtype": "f16",
"len": 4096,
"init": "normal"
},
"b": {
"dtype": "f16",
"len": 512,
"init": "normal"
},
"c": {
"dtype": "f32",
"len": 512,
"init": "normal"
},
"d": {
"dtype": "f32",
"len": 512,
"init": "zeros"
}
},
"ptx": true
},
{
"name": "wgmma/m64n16k16.f32.f16.f16.ss.ta0.tb0.sa1.sb1.sw128.v00",
"repo": "ptx-rs/ptx",
"source": "modules/m64n16k16_f32_f16_f16_ss_ta0_tb0_sa1_sb1.ptx",
"nvcc_flags": [],
"entry": "k",
"grid": [
1,
1,
1
],
"block": [
128,
1,
1
],
"shared_bytes": 10240,
"args": [
{
"buf": "a"
},
{
"buf": "b"
},
{
"buf": "c"
},
{
"buf": "d"
},
{
"u64": 4611686293305360384
},
{
"u64": 4611686293305360384
},
{
"u32": 8192
},
{
"u32": 2048
},
{
"u32": 1
}
],
"buffers": {
"a": {
"dtype": "f16",
"len": 4096,
"init": "normal"
},
"b": {
"dtype": "f16",
"len": 1024,
"init": "normal"
},
"c": {
"dtype": "f32",
"len": 1024,
"init": "normal"
},
"d": {
"dtype": "f32",
"len": 1024,
"init": "zeros"
}
},
"ptx": true
},
{
"name": "wgmma/m64n24k16.f32.f16.f16.ss.ta0.tb0.sa1.sb1.sw128.v00",
"repo": "ptx-rs/ptx",
"source": "modules/m64n24k16_f32_f16_f16_ss_ta0_tb0_sa1_sb1.ptx",
"nvcc_flags": [],
"entry": "k",
"grid": [
1,
1,
1
],
"block": [
128,
1,
1
],
"shared_bytes": 11264,
"args": [
{
"buf": "a"
},
{
"buf": "b"
},
{
"buf": "c"
},
{
"buf": "d"
},
{
"u64": 4611686293305360384
},
{
"u64": 4611686293305360384
},
{
"u32": 8192
},
{
"u32": 3072
},
{
"u32": 1
}
],
"buffers": {
"a": {
"dtype": "f16",
"len": 4096,
"init": "normal"
},
"b": {
"dtype": "f16",
"len": 1536,
"init": "normal"
},
"c": {
"dtype": "f32",
"len": 1536,
"init": "normal"
},
"d": {
"dtype": "f32",
"len": 1536,
"init": "zeros"
}
},
"ptx": true
},
{
"name": "wgmma/m64n32k16.f32.f16.f16.ss.ta0.tb0.sa1.sb1.sw128.v00",
"repo": "ptx-rs/ptx",
"source": "modules/m64n32k16_f32_f16_f16_ss_ta0_tb0_sa1_sb1.ptx",
"nvcc_flags": [],
"entry": "k",
"grid": [
1,
1,
1
],
"block": [
128,
1,
1
],
"shared_bytes": 12288,
"args": [
{
"buf": "a"
},
{
"buf": "b"
},
{
"buf": "c"
},
{
"buf": "d"
},
{
"u64": 4611686293305360384
},
{
"u64": 4611686293305360384
},
{
"u32": 8192
},
{
"u32": 4096
},
{
"u32": 1
}
],
"buffers": {
"a": {
"dtype": "f16",
"len": 4096,
"init": "normal"
},
"b": {
"dtype": "f16",
"len": 2048,
"init": "normal"
},
"c": {
"dtype": "f32",
"len": 2048,
"init": "normal"
},
"d": {
"dtype": "f32",
"len": 2048,
"init": "zeros"
}
},
"ptx": true
},
{
"name": "wgmma/m64n40k16.f32.f16.f16.ss.ta0.tb0.sa1.sb1.sw128.v00",
"repo": "ptx-rs/ptx",
"source": "modules/m64n40k16_f32_f16_f16_ss_ta0_tb0_sa1_sb1.ptx",
"nvcc_flags": [],
"entry": "k",
"grid": [
1,
1,
1
],
"block": [
128,
1,
1
],
"shared_bytes": 13312,
"args": [
{
"buf": "a"
},
{
"buf": "b"
},
{
"buf": "c"
},
{
"buf": "d"
},
{
"u64": 4611686293305360384
},
{
"u64": 4611686293305360384
},
{
"u32": 8192
},
{
"u32": 5120
},
{
"u32": 1
}
],
"buffers": {
"a": {
"dtype": "f16",
"len": 4096,
"init": "normal"
},
"b": {
"dtype": "f16",
"len": 2560,
"init": "normal"
},
"c": {
"dtype": "f32",
"len": 2560,
"init": "normal"
},
"d": {
"dtype": "f32",
"len": 2560,
"init": "zeros"
}
},
"ptx": true
},
{
"name": "wgmma/m64n48k16.f32.f16.f16.ss.ta0.tb0.sa1.sb1.sw128.v00",
"repo": "ptx-rs/ptx",
"source": "modules/m64n48k16_f32_f16_f16_ss_ta0_tb0_sa1_sb1.ptx",
"nvcc_flags": [],
"entry": "k",
"grid": [
1,
1,
1
],
"block": [
128,
1,
1
],
"shared_bytes": 14336,
"args": [
{
"buf": "a"
},
{
"buf": "b"
},
{
"buf": "c"
},
{
"buf": "d"
},
{
"u64": 4611686293305360384
},
{
"u64": 4611686293305360384
},
{
"u32": 8192
},
{
"u32": 6144
},
{
"u32": 1
}
],
"buffers": {
"a": {
"dtype": "f16",
"len": 4096,
"init": "normal"
},
"b": {
"dtype": "f16",
"len": 3072,
"init": "normal"
},
"c": {
"dtype": "f32",
"len": 3072,
"init": "normal"
},
"d": {
"dtype": "f32",
"len": 3072,
"init": "zeros"
}
},
"ptx": true
},
{
"name": "wgmma/m64n56k16.f32.f16.f16.ss.ta0.tb0.sa1.sb1.sw128.v00",
"repo": "ptx-rs/ptx",
"source": "modules/m64n56k16_f32_f16_f16_ss_ta0_tb0_sa1_sb1.ptx",
"nvcc_flags": [],
"entry": "k",
"grid": [
1,
1,
1
],
"block": [
128,
1,
1
],
"shared_bytes": 15360,
"args": [
{
"buf": "a"
},
{
"buf": "b"
},
{
"buf": "c"
},
{
"buf": "d"
},
{
"u64": 4611686293305360384
},
{
"u64": 4611686293305360384
},
{
"u32": 8192
},
{
"u32": 7168
},
{
"u32": 1
}
],
"buffers": {
"a": {
"dtype": "f16",
"len": 4096,
"init": "normal"
},
"b": {
"dtype": "f16",
"len": 3584,
"init": "normal"
},
"c": {
"dtype": "f32",
"len": 3584,
"init": "normal"
},
"d": {
"dtype": "f32",
"len": 3584,
"init": "zeros"
}
},
"ptx": true
},
{
"name": "wgmma/m64n64k16.f32.f16.f16.ss.ta0.tb0.sa1.sb1.sw128.v00",
"repo": "ptx-rs/ptx",
"source": "modules/m64n64k16_f32_f16_f16_ss_ta0_tb0_sa1_sb1.ptx",
"nvcc_flags": [],
"entry": "k",
"grid": [
1,
1,
1
],
"block": [
128,
1,
1
],
"shared_bytes": 16384,
"args": [
{
"buf": "a"
},
{
"buf": "b"
},
{
"buf": "c"
},
{
"buf": "d"
},
{
"u64": 4611686293305360384
},
{
"u64": 4611686293305360384
},
{
"u32": 8192
},
{
"u32": 8192
},
{
"u32": 1
}
],
"buffers": {
"a": {
"dtype": "f16",
"len": 4096,
"init": "normal"
},
"b": {
"dtype": "f16",
"len": 4096,
"init": "normal"
},
"c": {
"dtype": "f32",
"len": 4096,
"init": "normal"
},
"d": {
"dtype": "f32",
"len": 4096,
"init": "zeros"
}
},
"ptx": true
},
{
"name": "wgmma/m64n72k16.f32.f16.f16.ss.ta0.tb0.sa1.sb1.sw128.v00",
"repo": "ptx-rs/ptx",
"source": "modules/m64n72k16_f32_f16_f16_ss_ta0_tb0_sa1_sb1.ptx",
"nvcc_flags": [],
"entry": "k",
"grid": [
1,
1,
1
],
"block": [
128,
1,
1
],
"shared_bytes": 17408,
"args": [
{
"buf": "a"
},
{
"buf": "b"
},
{
"buf": "c"
},
{
"buf": "d"
},
{
"u64": 4611686293305360384
},
{
"u64": 4611686293305360384
},
{
"u32": 8192
},
{
"u32": 9216
},
{
"u32": 1
}
],
"buffers": {
"a": {
"dtype": "f16",
"len": 4096,
"init": "normal"
},
"b": {
"dtype": "f16",
"len": 4608,
"init": "normal"
},
"c": {
"dtype": "f32",
"len": 4608,
"init": "normal"
},
"d": {
"dtype": "f32",
"len": 4608,
"init": "zeros"
}
},
"ptx": true
},
{
"name": "wgmma/m64n80k16.f32.f16.f16.ss.ta0.tb0.sa1.sb1.sw128.v00",
"repo": "ptx-rs/ptx",
"source": "modules/m64n80k16_f32_f16_f16_ss_ta0_tb0_sa1_sb1.ptx",
"nvcc_flags": [],
"entry": "k",
"grid": [
1,
1,
1
],
"block": [
128,
1,
1
],
"shared_bytes": 18432,
"args": [
{
"buf": "a"
},
{
"buf": "b"
},
{
"buf": "c"
},
{
"buf": "d"
},
{
"u64": 4611686293305360384
},
{
"u64": 4611686293305360384
},
{
"u32": 8192
},
{
"u32": 10240
},
{
"u32": 1
}
],
"buffers": {
"a": {
"dtype": "f16",
"len": 4096,
"init": "normal"
},
"b": {
"dtype": "f16",
"len": 5120,
"init": "normal"
},
"c": {
"dtype": "f32",
"len": 5120,
"init": "normal"
},
"d": {
"dtype": "f32",
"len": 5120,
"init": "zeros"
}
},
"ptx": true
},
{
"name": "wgmma/m64n88k16.f32.f16.f16.ss.ta0.tb0.sa1.sb1.sw128.v00",
"repo": "ptx-rs/ptx",
"source": "modules/m64n88k16_f32_f16_f16_ss_ta0_tb0_sa1_sb1.ptx",
"nvcc_flags": [],
"entry": "k",
"grid": [
1,
1,
1
],
"block": [
128,
1,
1
],
"shared_bytes": 19456,
"args": [
{
"buf": "a"
},
{
"buf": "b"
},
{
"buf": "c"
},
{
"buf": "d"
},
{
"u64": 4611686293305360384
},
{
"u64": 4611686293305360384
},
{
"u32": 8192
},
{
"u32": 11264
},
{
"u32": 1
}
],
"buffers": {
"a": {
"dtype": "f16",
"len": 4096,
"init": "normal"
},
"b": {
"dtype": "f16",
"len": 5632,
"init": "normal"
},
"c": {
"dtype": "f32",
"len": 5632,
"init": "normal"
},
"d": {
"dtype": "f32",
"len": 5632,
"init": "zeros"
}
},
"ptx": true
},
{
"name": "wgmma/m64n96k16.f32.f16.f16.ss.ta0.tb0.sa1.sb1.sw128.v00",
"repo": "ptx-rs/ptx",
"source": "modules/m64n96k16_f32_f16_f16_ss_ta0_tb0_sa1_sb1.ptx",
"nvcc_flags": [],
"entry": "k",
"grid": [
1,
1,
1
],
"block": [
128,
1,
1
],
"shared_bytes": 20480,
"args": [
{
"buf": "a"
},
{
"buf": "b"
},
{
"buf": "c"
},
{
"buf": "d"
},
{
"u64": 4611686293305360384
},
{
"u64": 4611686293305360384
},
{
"u32": 8192
},
{
"u32": 12288
},
{
"u32": 1
}
],
"buffers": {
"a": {
"dtype": "f16",
"len": 4096,
"init": "normal"
},
"b": {
"dtype": "f16",
"len": 6144,
"init": "normal"
},
"c": {
"dtype": "f32",
"len": 6144,
"init": "normal"
},
"d": {
"dtype": "f32",
"len": 6144,
"init": "zeros"
}
},
"ptx": true
},
{
"name": "wgmma/m64n104k16.f32.f16.f16.ss.ta0.tb0.sa1.sb1.sw128.v00",
"repo": "ptx-rs/ptx",
"source": "modules/m64n104k16_f32_f16_f16_ss_ta0_tb0_sa1_sb1.ptx",
"nvcc_flags": [],
"entry": "k",
"grid": [
1,
1,
1
],
"block": [
128,
1,
1
],
"shared_bytes": 21504,
"args": [
{
"buf": "a"
},
{
"buf": "b"
},
{
"buf": "c"
},
{
"buf": "d"
},
{
"u64": 4611686293305360384
},
{
"u64": 4611686293305360384
},
{
"u32": 8192
},
{
"u32": 13312
},
{
"u32": 1
}
],
"buffers": {
"a": {
"dtype": "f16",
"len": 4096,
"init": "normal"
},
"b": {
"dtype": "f16",
"len": 6656,
"init": "normal"
},
"c": {
"dtype": "f32",
"len": 6656,
"init": "normal"
},
"d": {
"dtype": "f32",
"len": 6656,
"init": "zeros"
}
},
"ptx": true
},
{
"name": "wgmma/m64n112k16.f32.f16.f16.ss.ta0.tb0.sa1.sb1.sw128.v00",
"repo": "ptx-rs/ptx",
"source": "modules/m64n112k16_f32_f16_f16_ss_ta0_tb0_sa1_sb1.ptx",
"nvcc_flags": [],
"entry": "k",
"grid": [
1,
1,
1
],
"block": [
128,
1,
1
],
"shared_bytes": 22528,
"args": [
{
"buf": "a"
},
{
"buf": "b"
},
{
"buf": "c"
},
{
"buf": "d"
},
{
"u64": 4611686293305360384
},
{
"u64": 4611686293305360384
},
{
"u32": 8192
},
{
"u32": 14336
},
{
"u32": 1
}
],
"buffers": {
"a": {
"dtype": "f16",
"len": 4096,
"init": "normal"
},
"b": {
"dtype": "f16",
"len": 7168,
"init": "normal"
},
"c": {
"dtype": "f32",
"len": 7168,
"init": "normal"
},
"d": {
"dtype": "f32",
"len": 7168,
"init": "zeros"
}
},
"ptx": true
},
{
"name": "wgmma/m64n120k16.f32.f16.f16.ss.ta0.tb0.sa1.sb1.sw128.v00",
"repo": "ptx-rs/ptx",
"source": "modules/m64n120k16_f32_f16_f16_ss_ta0_tb0_sa1_sb1.ptx",
"nvcc_flags": [],
"entry": "k",
"grid": [
1,
1,
1
],
"block": [
128,
1,
1
],
"shared_bytes": 23552,
"args": [
{
"buf": "a"
},
{
"buf": "b"
},
{
"buf": "c"
},
{
"buf": "d"
},
{
"u64": 4611686293305360384
},
{
"u64": 4611686293305360384
},
{
"u32": 8192
},
{
"u32": 15360
},
{
"u32": 1
}
],
"buffers": {
"a": {
"dtype": "f16",
"len": 4096,
"init": "normal"
},
"b": {
"dtype": "f16",
"len": 7680,
"init": "normal"
},
"c": {
"dtype": "f32",
"len": 7680,
"init": "normal"
},
"d": {
"dtype": "f32",
"len": 7680,
"init": "zeros"
}
},
"ptx": true
},
{
"name": "wgmma/m64n128k16.f32.f16.f16.ss.ta0.tb0.sa1.sb1.sw128.v00",
"repo": "ptx-rs/ptx",
"source": "modules/m64n128k16_f32_f16_f16_ss_ta0_tb0_sa1_sb1.ptx",
"nvcc_flags": [],
"entry": "k",
"grid": [
1,
1,
1
],
"block": [
128,
1,
1
],
"shared_bytes": 24576,
"args": [
{
"buf": "a"
},
{
"buf": "b"
},
{
"buf": "c"
},
{
"buf": "d"
},
{
"u64": 4611686293305360384
},
{
"u64": 4611686293305360384
},
{
"u32": 8192
},
{
"u32": 16384
},
{
"u32": 1
}
],
"buffers": {
"a": {
"dtype": "f16",
"len": 4096,
"init": "normal"
},
"b": {
"dtype": "f16",
"len": 8192,
"init": "normal"
},
"c": {
"dtype": "f32",
"len": 8192,
"init": "normal"
},
"d": {
"dtype": "f32",
"len": 8192,
"init": "zeros"
}
},
"ptx": true
},
{
"name": "wgmma/m64n136k16.f32.f16.f16.ss.ta0.tb0.sa1.sb1.sw128.v00",
"repo": "ptx-rs/ptx",
"source": "modules/m64n136k16_f32_f16_f16_ss_ta0_tb0_sa1_sb1.ptx",
"nvcc_flags": [],
"entry": "k",
"grid": [
1,
1,
1
],
"block": [
128,
1,
1
],
"shared_bytes": 25600,
"args": [
{
"buf": "a"
},
{
"buf": "b"
},
{
"buf": "c"
},
{
"buf": "d"
},
{
"u64": 4611686293305360384
},
{
"u64": 4611686293305360384
},
{
"u32": 8192
},
{
"u32": 17408
},
{
"u32": 1
}
],
"buffers": {
"a": {
"dtype": "f16",
"len": 4096,
"init": "normal"
},
"b": {
"dtype": "f16",
"len": 8704,
"init": "normal"
},
"c": {
"dtype": "f32",
"len": 8704,
"init": "normal"
},
"d": {
"dtype": "f32",
"len": 8704,
"init": "zeros"
}
},
"ptx": true
},
{
"name": "wgmma/m64n144k16.f32.f16.f16.ss.ta0.tb0.sa1.sb1.sw128.v00",
"repo": "ptx-rs/ptx",
"source": "modules/m64n144k16_f32_f16_f16_ss_ta0_tb0_sa1_sb1.ptx",
"nvcc_flags": [],
"entry": "k",
"grid": [
1,
1,
1
],
"block": [
128,
1,
1
],
"shared_bytes": 26624,
"args": [
{
"buf": "a"
},
{
"buf": "b"
},
{
"buf": "c"
},
{
"buf": "d"
},
{
"u64": 4611686293305360384
},
{
"u64": 4611686293305360384
},
{
"u32": 8192
},
{
"u32": 18432
},
{
"u32": 1
}
],
"buffers": {
"a": {
"dtype": "f16",
"len": 4096,
"init": "normal"
},
"b": {
"dtype": "f16",
"len": 9216,
"init": "normal"
},
"c": {
"dtype": "f32",
"len": 9216,
"init": "normal"
},
"d": {
"dtype": "f32",
"len": 9216,
"init": "zeros"
}
},
"ptx": true
},
{
"name": "wgmma/m64n152k16.f32.f16.f16.ss.ta0.tb0.sa1.sb1.sw128.v00",
"repo": "ptx-rs/ptx",
"source": "modules/m64n152k16_f32_f16_f16_ss_ta0_tb0_sa1_sb1.ptx",
"nvcc_flags": [],
"entry": "k",
"grid": [
1,
1,
1
],
"block": [
128,
1,
1
],
"shared_bytes": 27648,
"args": [
{
"buf": "a"
},
{
"buf": "b"
},
{
"buf": "c"
},
{
"buf": "d"
},
{
"u64": 4611686293305360384
},
{
"u64": 4611686293305360384
},
{
"u32": 8192
},
{
"u32": 19456
},
{
"u32": 1
}
],
"buffers": {
"a": {
"dtype": "f16",
"len": 4096,
"init": "normal"
},
"b": {
"dtype": "f16",
"len": 9728,
"init": "normal"
},
"c": {
"dtype": "f32",
"len": 9728,
"init": "normal"
},
"d": {
"dtype": "f32",
"len": 9728,
"init": "zeros"
}
},
"ptx": true
},
{
"name": "wgmma/m64n160k16.f32.f16.f16.ss.ta0.tb0.sa1.sb1.sw128.v00",
"repo": "ptx-rs/ptx",
"source": "modules/m64n160k16_f32_f16_f16_ss_ta0_tb0_sa1_sb1.ptx",
"nvcc_flags": [],
"entry": "k",
"grid": [
1,
1,
1
],
"block": [
128,
1,
1
],
"shared_bytes": 28672,
"args": [
{
"buf": "a"
},
{
"buf": "b"
},
{
"buf": "c"
},
{
"buf": "d"
},
{
"u64": 4611686293305360384
},
{
"u64": 4611686293305360384
},
{
"u32": 8192
},
{
"u32": 20480
},
{
"u32": 1
}
],
"buffers": {
"a": {
"dtype": "f16",
"len": 4096,
"init": "normal"
},
"b": {
"dtype": "f16",
"len": 10240,
"init": "normal"
},
"c": {
"dtype": "f32",
"len": 10240,
"init": "normal"
},
"d": {
"dtype": "f32",
"len": 10240,
"init": "zeros"
}
},
"ptx": true
},
{
"name": "wgmma/m64n168k16.f32.f16.f16.ss.ta0.tb0.sa1.sb1.sw128.v00",
"repo": "ptx-rs/ptx",
"source": "modules/m64n168k16_f32_f16_f16_ss_ta0_tb0_sa1_sb1.ptx",
"nvcc_flags": [],
"entry": "k",
"grid": [
1,
1,
1
],
"block": [
128,
1,
1
],
"shared_bytes": 29696,
"args": [
{
"buf": "a"
},
{
"buf": "b"
},
{
"buf": "c"
},
{
"buf": "d"
},
{
"u64": 4611686293305360384
},
{
"u64": 4611686293305360384
},
{
"u32": 8192
},
{
"u32": 21504
},
{
"u32": 1
}
],
"buffers": {
"a": {
"dtype": "f16",
"len": 4096,
"init": "normal"
},
"b": {
"dtype": "f16",
"len": 10752,
"init": "normal"
},
"c": {
"dtype": "f32",
"len": 10752,
"init": "normal"
},
"d": {
"dtype": "f32",
"len": 10752,
"init": "zeros"
}
},
"ptx": true
},
{
"name": "wgmma/m64n176k16.f32.f16.f16.ss.ta0.tb0.sa1.sb1.sw128.v00",
"repo": "ptx-rs/ptx",
"source": "modules/m64n176k16_f32_f16_f16_ss_ta0_tb0_sa1_sb1.ptx",
"nvcc_flags": [],
"entry": "k",
"grid": [
1,
1,
1
],
"block": [
128,
1,
1
],
"shared_bytes": 30720,
"args": [
{
"buf": "a"
},
{
"buf": "b"
},
{
"buf": "c"
},
{
"buf": "d"
},
{
"u64": 4611686293305360384
},
{
"u64": 4611686293305360384
},
{
"u32": 8192
},
{
"u32": 22528
},
{
"u32": 1
}
],
"buffers": {
"a": {
"dtype": "f16",
"len": 4096,
"init": "normal"
},
"b": {
"dtype": "f16",
"len": 11264,
"init": "normal"
},
"c": {
"dtype": "f32",
"len": 11264,
"init": "normal"
},
"d": {
"dtype": "f32",
"len": 11264,
"init": "zeros"
}
},
"ptx": true
},
{
"name": "wgmma/m64n184k16.f32.f16.f16.ss.ta0.tb0.sa1.sb1.sw128.v00",
"repo": "ptx-rs/ptx",
"source": "modules/m64n184k16_f32_f16_f16_ss_ta0_tb0_sa1_sb1.ptx",
"nvcc_flags": [],
"entry": "k",
"grid": [
1,
1,
1
],
"block": [
128,
1,
1
],
"shared_bytes": 31744,
"args": [
{
"buf": "a"
},
{
"buf": "b"
},
{
"buf": "c"
},
{
"buf": "d"
},
{
"u64": 4611686293305360384
},
{
"u64": 4611686293305360384
},
{
"u32": 8192
},
{
"u32": 23552
},
{
"u32": 1
}
],
"buffers": {
"a": {
"dtype": "f16",
"len": 4096,
"init": "normal"
},
"b": {
"dtype": "f16",
"len": 11776,
"init": "normal"
},
"c": {
"dtype": "f32",
"len": 11776,
"init": "normal"
},
"d": {
"dtype": "f32",
"len": 11776,
"init": "zeros"
}
},
"ptx": true
},
{
"name": "wgmma/m64n192k16.f32.f16.f16.ss.ta0.tb0.sa1.sb1.sw128.v00",
"repo": "ptx-rs/ptx",
"source": "modules/m64n192k16_f32_f16_f16_ss_ta0_tb0_sa1_sb1.ptx",
"nvcc_flags": [],
"entry": "k",
"grid": [
1,
1,
1
],
"block": [
128,
1,
1
],
"shared_bytes": 32768,
"args": [
{
"buf": "a"
},
{
"buf": "b"
},
{
"buf": "c"
},
{
"buf": "d"
},
{
"u64": 4611686293305360384
},
{
"u64": 4611686293305360384
},
{
"u32": 8192
},
{
"u32": 24576
},
{
"u32": 1
}
],
"buffers": {
"a": {
"dtype": "f16",
"len": 4096,
"init": "normal"
},
"b": {
"dtype": "f16",
"len": 12288,
"init": "normal"
},
"c": {
"dtype": "f32",
"len": 12288,
"init": "normal"
},
"d": {
"dtype": "f32",
"len": 12288,
"init": "zeros"
}
},
"ptx": true
},
{
"name": "wgmma/m64n200k16.f32.f16.f16.ss.ta0.tb0.sa1.sb1.sw128.v00",
"repo": "ptx-rs/ptx",
"source": "modules/m64n200k16_f32_f16_f16_ss_ta0_tb0_sa1_sb1.ptx",
"nvcc_flags": [],
"entry": "k",
"grid": [
1,
1,
1
],
"block": [
128,
1,
1
],
"shared_bytes": 33792,
"args": [
{
"buf": "a"
},
{
"buf": "b"
},
{
"buf": "c"
},
{
"buf": "d"
},
{
"u64": 4611686293305360384
},
{
"u64": 4611686293305360384
},
{
"u32": 8192
},
{
"u32": 25600
},
{
"u32": 1
}
],
"buffers": {
"a": {
"dtype": "f16",
"len": 4096,
"init": "normal"
},
"b": {
"dtype": "f16",
"len": 12800,
"init": "normal"
},
"c": {
"dtype": "f32",
"len": 12800,
"init": "normal"
},
"d": {
"dtype": "f32",
"len": 12800,
"init": "zeros"
}
},
"ptx": true
},
{
"name": "wgmma/m64n208k16.f32.f16.f16.ss.ta0.tb0.sa1.sb1.sw128.v00",
"repo": "ptx-rs/ptx",
"source": "modules/m64n208k16_f32_f16_f16_ss_ta0_tb0_sa1_sb1.ptx",
"nvcc_flags": [],
"entry": "k",
"grid": [
1,
1,
1
],
"block": [
128,
1,
1
],
"shared_bytes": 34816,
"args": [
{
"buf": "a"
},
{
"buf": "b"
},
{
"buf": "c"
},
{
"buf": "d"
},
{
"u64": 4611686293305360384
},
{
"u64": 4611686293305360384
},
{
"u32": 8192
},
{
"u32": 26624
},
{
"u32": 1
}
],
"buffers": {
"a": {
"dtype": "f16",
"len": 4096,
"init": "normal"
},
"b": {
"dtype": "f16",
"len": 13312,
"init": "normal"
},
"c": {
"dtype": "f32",
"len": 13312,
"init": "normal"
},
"d": {
"dtype": "f32",
"len": 13312,
"init": "zeros"
}
},
"ptx": true
},
{
"name": "wgmma/m64n216k16.f32.f16.f16.ss.ta0.tb0.sa1.sb1.sw128.v00",
"repo": "ptx-rs/ptx",
"source": "modules/m64n216k16_f32_f16_f16_ss_ta0_tb0_sa1_sb1.ptx",
"nvcc_flags": [],
"entry": "k",
"grid": [
1,
1,
1
],
"block": [
128,
1,
1
],
"shared_bytes": 35840,
"args": [
{
"buf": "a"
},
{
"buf": "b"
},
{
"buf": "c"
},
{
"buf": "d"
},
{
"u64": 4611686293305360384
},
{
"u64": 4611686293305360384
},
{
"u32": 8192
},
{
"u32": 27648
},
{
"u32": 1
}
],
"buffers": {
"a": {
"dtype": "f16",
"len": 4096,
"init": "normal"
},
"b": {
"dtype": "f16",
"len": 13824,
"init": "normal"
},
"c": {
"dtype": "f32",
"len": 13824,
"init": "normal"
},
"d": {
"dtype": "f32",
"len": 13824,
"init": "zeros"
}
},
"ptx": true
},
{
"name": "wgmma/m64n224k16.f32.f16.f16.ss.ta0.tb0.sa1.sb1.sw128.v00",
"repo": "ptx-rs/ptx",
"source": "modules/m64n224k16_f32_f16_f16_ss_ta0_tb0_sa1_sb1.ptx",
"nvcc_flags": [],
"entry": "k",
"grid": [
1,
1,
1
],
"block": [
128,
1,
1
],
"shared_bytes": 36864,
"args": [
{
"buf": "a"
},
{
"buf": "b"
},
{
"buf": "c"
},
{
"buf": "d"
},
{
"u64": 4611686293305360384
},
{
"u64": 4611686293305360384
},
{
"u32": 8192
},
{
"u32": 28672
},
{
"u32": 1
}
],
"buffers": {
"a": {
"dtype": "f16",
"len": 4096,
"init": "normal"
},
"b": {
"dtype": "f16",
"len": 14336,
"init": "normal"
},
"c": {
"dtype": "f32",
"len": 14336,
"init": "normal"
},
"d": {
"dtype": "f32",
"len": 14336,
"init": "zeros"
}
},
"ptx": true
},
{
"name": "wgmma/m64n232k16.f32.f16.f16.ss.ta0.tb0.sa1.sb1.sw128.v00",
"repo": "ptx-rs/ptx",
"source": "modules/m64n232k16_f32_f16_f16_ss_ta0_tb0_sa1_sb1.ptx",
"nvcc_flags": [],
"entry": "k",
"grid": [
1,
1,
1
],
"block": [
128,
1,
1
],
"shared_bytes": 37888,
"args": [
{
"buf": "a"
},
{
"buf": "b"
},
{
"buf": "c"
},
{
"buf": "d"
},
{
"u64": 4611686293305360384
},
{
"u64": 4611686293305360384
},
{
"u32": 8192
},
{
"u32": 29696
},
{
"u32": 1
}
],
"buffers": {
"a": {
"dtype": "f16",
"len": 4096,
"init": "normal"
},
"b": {
"dtype": "f16",
"len": 14848,
"init": "normal"
},
"c": {
"dtype": "f32",
"len": 14848,
"init": "normal"
},
"d": {
"dtype": "f32",
"len": 14848,
"init": "zeros"
}
},
"ptx": true
},
{
"name": "wgmma/m64n240k16.f32.f16.f16.ss.ta0.tb0.sa1.sb1.sw128.v00",
"repo": "ptx-rs/ptx",
"source": "modules/m64n240k16_f32_f16_f16_ss_ta0_tb0_sa1_sb1.ptx",
"nvcc_flags": [],
"entry": "k",
"grid": [
1,
1,
1
],
"block": [
128,
1,
1
],
"shared_bytes": 38912,
"args": [
{
"buf": "a"
},
{
"buf": "b"
},
{
"buf": "c"
},
{
"buf": "d"
},
{
"u64": 4611686293305360384
},
{
"u64": 4611686293305360384
},
{
"u32": 8192
},
{
"u32": 30720
},
{
"u32": 1
}
],
"buffers": {
"a": {
"dtype": "f16",
"len": 4096,
"init": "normal"
},
"b": {
"dtype": "f16",
"len": 15360,
"init": "normal"
},
"c": {
"dtype": "f32",
"len": 15360,
"init": "normal"
},
"d": {
"dtype": "f32",
"len": 15360,
"init": "zeros"
}
},
"ptx": true
},
{
"name": "wgmma/m64n248k16.f32.f16.f16.ss.ta0.tb0.sa1.sb1.sw128.v00",
"repo": "ptx-rs/ptx",
"source": "modules/m64n248k16_f32_f16_f16_ss_ta0_tb0_sa1_sb1.ptx",
"nvcc_flags": [],
"entry": "k",
"grid": [
1,
1,
1
],
"block": [
128,
1,
1
],
"shared_bytes": 39936,
"args": [
{
"buf": "a"
},
{
"buf": "b"
},
{
"buf": "c"
},
{
"buf": "d"
},
{
"u64": 4611686293305360384
},
{
"u64": 4611686293305360384
},
{
"u32": 8192
},
{
"u32": 31744
},
{
"u32": 1
}
],
"buffers": {
"a": {
"dtype": "f16",
"len": 4096,
"init": "normal"
},
"b": {
"dtype": "f16",
"len": 15872,
"init": "normal"
},
"c": {
"dtype": "f32",
"len": 15872,
"init": "normal"
},
"d": {
"dtype": "f32",
"len": 15872,
"init": "zeros"
}
},
"ptx": true
},
{
"name": "wgmma/m64n256k16.f32.f16.f16.ss.ta0.tb0.sa1.sb1.sw128.v00",
"repo": "ptx-rs/ptx",
"source": "modules/m64n256k16_f32_f16_f16_ss_ta0_tb0_sa1_sb1.ptx",
"nvcc_flags": [],
"entry": "k",
"grid": [
1,
1,
1
],
"block": [
128,
1,
1
],
"shared_bytes": 40960,
"args": [
{
"buf": "a"
},
{
"buf": "b"
},
{
"buf": "c"
},
{
"buf": "d"
},
{
"u64": 4611686293305360384
},
{
"u64": 4611686293305360384
},
{
"u32": 8192
},
{
"u32": 32768
},
{
"u32": 1
}
],
"buffers": {
"a": {
"dtype": "f16",
"len": 4096,
"init": "normal"
},
"b": {
"dtype": "f16",
"len": 16384,
"init": "normal"
},
"c": {
"dtype": "f32",
"len": 16384,
"init": "normal"
},
"d": {
"dtype": "f32",
"len": 16384,
"init": "zeros"
}
},
"ptx": true
},
{
"name": "wgmma/m64n8k16.f16.f16.f16.ss.ta0.tb0.sa1.sb1.sw128.v00",
"repo": "ptx-rs/ptx",
"source": "modules/m64n8k16_f16_f16_f16_ss_ta0_tb0_sa1_sb1.ptx",
"nvcc_flags": [],
"entry": "k",
"grid": [
1,
1,
1
],
"block": [
128,
1,
1
],
"shared_bytes": 9216,
"args": [
{
"buf": "a"
},
{
"buf": "b"
},
{
"buf": "c"
},
{
"buf": "d"
},
{
"u64": 4611686293305360384
},
{
"u64": 4611686293305360384
},
{
"u32": 8192
},
{
"u32": 1024
},
{
"u32": 1
}
],
"buffers": {
"a": {
"dtype": "f16",
"len": 4096,
"init": "normal"
},
"b": {
"dtype": "f16",
"len": 512,
"init": "normal"
},
"c": {
"dtype": "f16",
"len": 512,
"init": "normal"
},
"d": {
"dtype": "f16",
"len": 512,
"init": "zeros"
}
},
"ptx": true
},
{
"name": "wgmma/m64n64k16.f16.f16.f16.ss.ta0.tb0.sa1.sb1.sw128.v00",
"repo": "ptx-rs/ptx",
"source": "modules/m64n64k16_f16_f16_f16_ss_ta0_tb0_sa1_sb1.ptx",
"nvcc_flags": [],
"entry": "k",
"grid": [
1,
1,
1
],
"block": [
128,
1,
1
],
"shared_bytes": 16384,
"args": [
{
"buf": "a"
},
{
"buf": "b"
},
{
"buf": "c"
},
{
"buf": "d"
},
{
"u64": 4611686293305360384
},
{
"u64": 4611686293305360384
},
{
"u32": 8192
},
{
"u32": 8192
},
{
"u32": 1
}
],
"buffers": {
"a": {
"dtype": "f16",
"len": 4096,
"init": "normal"
},
"b": {
"dtype": "f16",
"len": 4096,
"init": "normal"
},
"c": {
"dtype": "f16",
"len": 4096,
"init": "normal"
},
"d": {
"dtype": "f16",
"len": 4096,
"init": "zeros"
}
},
"ptx": true
},
{
"name": "wgmma/m64n256k16.f16.f16.f16.ss.ta0.tb0.sa1.sb1.sw128.v00",
"repo": "ptx-rs/ptx",
"source": "modules/m64n256k16_f16_f16_f16_ss_ta0_tb0_sa1_sb1.ptx",
"nvcc_flags": [],
"entry": "k",
"grid": [
1,
1,
1
],
"block": [
128,
1,
1
],
"shared_bytes": 40960,
"args": [
{
"buf": "a"
},
{
"buf": "b"
},
{
"buf": "c"
},
{
"buf": "d"
},
{
"u64": 4611686293305360384
},
{
"u64": 4611686293305360384
},
{
"u32": 8192
},
{
"u32": 32768
},
{
"u32": 1
}
],
"buffers": {
"a": {
"dtype": "f16",
"len": 4096,
"init": "normal"
},
"b": {
"dtype": "f16",
"len": 16384,
"init": "normal"
},
"c": {
"dtype": "f16",
"len": 16384,
"init": "normal"
},
"d": {
"dtype": "f16",
"len": 16384,
"init": "zeros"
}
},
"ptx": true
},
{
"name": "wgmma/m64n8k16.f32.bf16.bf16.ss.ta0.tb0.sa1.sb1.sw128.v00",
"repo": "ptx-rs/ptx",
"source": "modules/m64n8k16_f32_bf16_bf16_ss_ta0_tb0_sa1_sb1.ptx",
"nvcc_flags": [],
"entry": "k",
"grid": [
1,
1,
1
],
"block": [
128,
1,
1
],
"shared_bytes": 9216,
"args": [
{
"buf": "a"
},
{
"buf": "b"
},
{
"buf": "c"
},
{
"buf": "d"
},
{
"u64": 4611686293305360384
},
{
"u64": 4611686293305360384
},
{
"u32": 8192
},
{
"u32": 1024
},
{
"u32": 1
}
],
"buffers": {
"a": {
"dtype": "bf16",
"len": 4096,
"init": "normal"
},
"b": {
"dtype": "bf16",
"len": 512,
"init": "normal"
},
"c": {
"dtype": "f32",
"len": 512,
"init": "normal"
},
"d": {
"dtype": "f32",
"len": 512,
"init": "zeros"
}
},
"ptx": true
},
{
"name": "wgmma/m64n8k8.f32.tf32.tf32.ss.sa1.sb1.sw128.v00",
"repo": "ptx-rs/ptx",
"source": "modules/m64n8k8_f32_tf32_tf32_ss_sa1_sb1.ptx",
"nvcc_flags": [],
"entry": "k",
"grid": [
1,
1,
1
],
"block": [
128,
1,
1
],
"shared_bytes": 9216,
"args": [
{
"buf": "a"
},
{
"buf": "b"
},
{
"buf": "c"
},
{
"buf": "d"
},
{
"u64": 4611686293305360384
},
{
"u64": 4611686293305360384
},
{
"u32": 8192
},
{
"u32": 1024
},
{
"u32": 1
}
],
"buffers": {
"a": {
"dtype": "f32",
"len": 2048,
"init": "normal"
},
"b": {
"dtype": "f32",
"len": 256,
"init": "normal"
},
"c": {
"dtype": "f32",
"len": 512,
"init": "normal"
},
"d": {
"dtype": "f32",
"len": 512,
"init": "zeros"
}
},
"ptx": true
},
{
"name": "wgmma/m64n8k32.f32.e4m3.e4m3.ss.sa1.sb1.sw128.v00",
"repo": "ptx-rs/ptx",
"source": "modules/m64n8k32_f32_e4m3_e4m3_ss_sa1_sb1.ptx",
"nvcc_flags": [],
"entry": "k",
"grid": [
1,
1,
1
],
"block": [
128,
1,
1
],
"shared_bytes": 9216,
"args": [
{
"buf": "a"
},
{
"buf": "b"
},
{
"buf": "c"
},
{
"buf": "d"
},
{
"u64": 4611686293305360384
},
{
"u64": 4611686293305360384
},
{
"u32": 8192
},
{
"u32": 1024
},
{
"u32": 1
}
],
"buffers": {
"a": {
"dtype": "u8",
"len": 8192,
"init": "randint:0:248"
},
"b": {
"dtype": "u8",
"len": 1024,
"init": "randint:0:248"
},
"c": {
"dtype": "f32",
"len": 512,
"init": "normal"
},
"d": {
"dtype": "f32",
"len": 512,
"init": "zeros"
}
},
"ptx": true
},
{
"name": "wgmma/m64n16k16.f32.bf16.bf16.ss.ta0.tb0.sa1.sb1.sw128.v00",
"repo": "ptx-rs/ptx",
"source": "modules/m64n16k16_f32_bf16_bf16_ss_ta0_tb0_sa1_sb1.ptx",
"nvcc_flags": [],
"entry": "k",
"grid": [
1,
1,
1
],
"block": [
128,
1,
1
],
"shared_bytes": 10240,
"args": [
{
"buf": "a"
},
{
"buf": "b"
},
{
"buf": "c"
},
{
"buf": "d"
},
{
"u64": 4611686293305360384
},
{
"u64": 4611686293305360384
},
{
"u32": 8192
},
{
"u32": 2048
},
{
"u32": 1
}
],
"buffers": {
"a": {
"dtype": "bf16",
"len": 4096,
"init": "normal"
},
"b": {
"dtype": "bf16",
"len": 1024,
"init": "normal"
},
"c": {
"dtype": "f32",
"len": 1024,
"init": "normal"
},
"d": {
"dtype": "f32",
"len": 1024,
"init": "zeros"
}
},
"ptx": true
},
{
"name": "wgmma/m64n16k8.f32.tf32.tf32.ss.sa1.sb1.sw128.v00",
"repo": "ptx-rs/ptx",
"source": "modules/m64n16k8_f32_tf32_tf32_ss_sa1_sb1.ptx",
"nvcc_flags": [],
"entry": "k",
"grid": [
1,
1,
1
],
"block": [
128,
1,
1
],
"shared_bytes": 10240,
"args": [
{
"buf": "a"
},
{
"buf": "b"
},
{
"buf": "c"
},
{
"buf": "d"
},
{
"u64": 4611686293305360384
},
{
"u64": 4611686293305360384
},
{
"u32": 8192
},
{
"u32": 2048
},
{
"u32": 1
}
],
"buffers": {
"a": {
"dtype": "f32",
"len": 2048,
"init": "normal"
},
"b": {
"dtype": "f32",
"len": 512,
"init": "normal"
},
"c": {
"dtype": "f32",
"len": 1024,
"init": "normal"
},
"d": {
"dtype": "f32",
"len": 1024,
"init": "zeros"
}
},
"ptx": true
},
{
"name": "wgmma/m64n16k32.f32.e4m3.e4m3.ss.sa1.sb1.sw128.v00",
"repo": "ptx-rs/ptx",
"source": "modules/m64n16k32_f32_e4m3_e4m3_ss_sa1_sb1.ptx",
"nvcc_flags": [],
"entry": "k",
"grid": [
1,
1,
1
],
"block": [
128,
1,
1
],
"shared_bytes": 10240,
"args": [
{
"buf": "a"
},
{
"buf": "b"
},
{
"buf": "c"
},
{
"buf": "d"
},
{
"u64": 4611686293305360384
},
{
"u64": 4611686293305360384
},
{
"u32": 8192
},
{
"u32": 2048
},
{
"u32": 1
}
],
"buffers": {
"a": {
"dtype": "u8",
"len": 8192,
"init": "randint:0:248"
},
"b": {
"dtype": "u8",
"len": 2048,
"init": "randint:0:248"
},
"c": {
"dtype": "f32",
"len": 1024,
"init": "normal"
},
"d": {
"dtype": "f32",
"len": 1024,
"init": "zeros"
}
},
"ptx": true
},
{
"name": "wgmma/m64n24k16.f32.bf16.bf16.ss.ta0.tb0.sa1.sb1.sw128.v00",
"repo": "ptx-rs/ptx",
"source": "modules/m64n24k16_f32_bf16_bf16_ss_ta0_tb0_sa1_sb1.ptx",
"nvcc_flags": [],
"entry": "k",
"grid": [
1,
1,
1
],
"block": [
128,
1,
1
],
"shared_bytes": 11264,
"args": [
{
"buf": "a"
},
{
"buf": "b"
},
{
"buf": "c"
},
{
"buf": "d"
},
{
"u64": 4611686293305360384
},
{
"u64": 4611686293305360384
},
{
"u32": 8192
},
{
"u32": 3072
},
{
"u32": 1
}
],
"buffers": {
"a": {
"dtype": "bf16",
"len": 4096,
"init": "normal"
},
"b": {
"dtype": "bf16",
"len": 1536,
"init": "normal"
},
"c": {
"dtype": "f32",
"len": 1536,
"init": "normal"
},
"d": {
"dtype": "f32",
"len": 1536,
"init": "zeros"
}
},
"ptx": true
},
{
"name": "wgmma/m64n24k8.f32.tf32.tf32.ss.sa1.sb1.sw128.v00",
"repo": "ptx-rs/ptx",
"source": "modules/m64n24k8_f32_tf32_tf32_ss_sa1_sb1.ptx",
"nvcc_flags": [],
"entry": "k",
"grid": [
1,
1,
1
],
"block": [
128,
1,
1
],
"shared_bytes": 11264,
"args": [
{
"buf": "a"
},
{
"buf": "b"
},
{
"buf": "c"
},
{
"buf": "d"
},
{
"u64": 4611686293305360384
},
{
"u64": 4611686293305360384
},
{
"u32": 8192
},
{
"u32": 3072
},
{
"u32": 1
}
],
"buffers": {
"a": {
"dtype": "f32",
"len": 2048,
"init": "normal"
},
"b": {
"dtype": "f32",
"len": 768,
"init": "normal"
},
"c": {
"dtype": "f32",
"len": 1536,
"init": "normal"
},
"d": {
"dtype": "f32",
"len": 1536,
"init": "zeros"
}
},
"ptx": true
},
{
"name": "wgmma/m64n24k32.f32.e4m3.e4m3.ss.sa1.sb1.sw128.v00",
"repo": "ptx-rs/ptx",
"source": "modules/m64n24k32_f32_e4m3_e4m3_ss_sa1_sb1.ptx",
"nvcc_flags": [],
"entry": "k",
"grid": [
1,
1,
1
],
"block": [
128,
1,
1
],
"shared_bytes": 11264,
"args": [
{
"buf": "a"
},
{
"buf": "b"
},
{
"buf": "c"
},
{
"buf": "d"
},
{
"u64": 4611686293305360384
},
{
"u64": 4611686293305360384
},
{
"u32": 8192
},
{
"u32": 3072
},
{
"u32": 1
}
],
"buffers": {
"a": {
"dtype": "u8",
"len": 8192,
"init": "randint:0:248"
},
"b": {
"dtype": "u8",
"len": 3072,
"init": "randint:0:248"
},
"c": {
"dtype": "f32",
"len": 1536,
"init": "normal"
},
"d": {
"dtype": "f32",
"len": 1536,
"init": "zeros"
}
},
"ptx": true
},
{
"name": "wgmma/m64n32k16.f32.bf16.bf16.ss.ta0.tb0.sa1.sb1.sw128.v00",
"repo": "ptx-rs/ptx",
"source": "modules/m64n32k16_f32_bf16_bf16_ss_ta0_tb0_sa1_sb1.ptx",
"nvcc_flags": [],
"entry": "k",
"grid": [
1,
1,
1
],
"block": [
128,
1,
1
],
"shared_bytes": 12288,
"args": [
{
"buf": "a"
},
{
"buf": "b"
},
{
"buf": "c"
},
{
"buf": "d"
},
{
"u64": 4611686293305360384
},
{
"u64": 4611686293305360384
},
{
"u32": 8192
},
{
"u32": 4096
},
{
"u32": 1
}
],
"buffers": {
"a": {
"dtype": "bf16",
"len": 4096,
"init": "normal"
},
"b": {
"dtype": "bf16",
"len": 2048,
"init": "normal"
},
"c": {
"dtype": "f32",
"len": 2048,
"init": "normal"
},
"d": {
"dtype": "f32",
"len": 2048,
"init": "zeros"
}
},
"ptx": true
},
{
"name": "wgmma/m64n32k8.f32.tf32.tf32.ss.sa1.sb1.sw128.v00",
"repo": "ptx-rs/ptx",
"source": "modules/m64n32k8_f32_tf32_tf32_ss_sa1_sb1.ptx",
"nvcc_flags": [],
"entry": "k",
"grid": [
1,
1,
1
],
"block": [
128,
1,
1
],
"shared_bytes": 12288,
"args": [
{
"buf": "a"
},
{
"buf": "b"
},
{
"buf": "c"
},
{
"buf": "d"
},
{
"u64": 4611686293305360384
},
{
"u64": 4611686293305360384
},
{
"u32": 8192
},
{
"u32": 4096
},
{
"u32": 1
}
],
"buffers": {
"a": {
"dtype": "f32",
"len": 2048,
"init": "normal"
},
"b": {
"dtype": "f32",
"len": 1024,
"init": "normal"
},
"c": {
"dtype": "f32",
"len": 2048,
"init": "normal"
},
"d": {
"dtype": "f32",
"len": 2048,
"init": "zeros"
}
},
"ptx": true
},
{
"name": "wgmma/m64n32k32.f32.e4m3.e4m3.ss.sa1.sb1.sw128.v00",
"repo": "ptx-rs/ptx",
"source": "modules/m64n32k32_f32_e4m3_e4m3_ss_sa1_sb1.ptx",
"nvcc_flags": [],
"entry": "k",
"grid": [
1,
1,
1
],
"block": [
128,
1,
1
],
"shared_bytes": 12288,
"args": [
{
"buf": "a"
},
{
"buf": "b"
},
{
"buf": "c"
},
{
"buf": "d"
},
{
"u64": 4611686293305360384
},
{
"u64": 4611686293305360384
},
{
"u32": 8192
},
{
"u32": 4096
},
{
"u32": 1
}
],
"buffers": {
"a": {
"dtype": "u8",
"len": 8192,
"init": "randint:0:248"
},
"b": {
"dtype": "u8",
"len": 4096,
"init": "randint:0:248"
},
"c": {
"dtype": "f32",
"len": 2048,
"init": "normal"
},
"d": {
"dtype": "f32",
"len": 2048,
"init": "zeros"
}
},
"ptx": true
},
{
"name": "wgmma/m64n40k16.f32.bf16.bf16.ss.ta0.tb0.sa1.sb1.sw128.v00",
"repo": "ptx-rs/ptx",
"source": "modules/m64n40k16_f32_bf16_bf16_ss_ta0_tb0_sa1_sb1.ptx",
"nvcc_flags": [],
"entry": "k",
"grid": [
1,
1,
1
],
"block": [
128,
1,
1
],
"shared_bytes": 13312,
"args": [
{
"buf": "a"
},
{
"buf": "b"
},
{
"buf": "c"
},
{
"buf": "d"
},
{
"u64": 4611686293305360384
},
{
"u64": 4611686293305360384
},
{
"u32": 8192
},
{
"u32": 5120
},
{
"u32": 1
}
],
"buffers": {
"a": {
"dtype": "bf16",
"len": 4096,
"init": "normal"
},
"b": {
"dtype": "bf16",
"len": 2560,
"init": "normal"
},
"c": {
"dtype": "f32",
"len": 2560,
"init": "normal"
},
"d": {
"dtype": "f32",
"len": 2560,
"init": "zeros"
}
},
"ptx": true
},
{
"name": "wgmma/m64n40k8.f32.tf32.tf32.ss.sa1.sb1.sw128.v00",
"repo": "ptx-rs/ptx",
"source": "modules/m64n40k8_f32_tf32_tf32_ss_sa1_sb1.ptx",
"nvcc_flags": [],
"entry": "k",
"grid": [
1,
1,
1
],
"block": [
128,
1,
1
],
"shared_bytes": 13312,
"args": [
{
"buf": "a"
},
{
"buf": "b"
},
{
"buf": "c"
},
{
"buf": "d"
},
{
"u64": 4611686293305360384
},
{
"u64": 4611686293305360384
},
{
"u32": 8192
},
{
"u32": 5120
},
{
"u32": 1
}
],
"buffers": {
"a": {
"dtype": "f32",
"len": 2048,
"init": "normal"
},
"b": {
"dtype": "f32",
"len": 1280,
"init": "normal"
},
"c": {
"dtype": "f32",
"len": 2560,
"init": "normal"
},
"d": {
"dtype": "f32",
"len": 2560,
"init": "zeros"
}
},
"ptx": true
},
{
"name": "wgmma/m64n40k32.f32.e4m3.e4m3.ss.sa1.sb1.sw128.v00",
"repo": "ptx-rs/ptx",
"source": "modules/m64n40k32_f32_e4m3_e4m3_ss_sa1_sb1.ptx",
"nvcc_flags": [],
"entry": "k",
"grid": [
1,
1,
1
],
"block": [
128,
1,
1
],
"shared_bytes": 13312,
"args": [
{
"buf": "a"
},
{
"buf": "b"
},
{
"buf": "c"
},
{
"buf": "d"
},
{
"u64": 4611686293305360384
},
{
"u64": 4611686293305360384
},
{
"u32": 8192
},
{
"u32": 5120
},
{
"u32": 1
}
],
"buffers": {
"a": {
"dtype": "u8",
"len": 8192,
"init": "randint:0:248"
},
"b": {
"dtype": "u8",
"len": 5120,
"init": "randint:0:248"
},
"c": {
"dtype": "f32",
"len": 2560,
"init": "normal"
},
"d": {
"dtype": "f32",
"len": 2560,
"init": "zeros"
}
},
"ptx": true
},
{
"name": "wgmma/m64n48k16.f32.bf16.bf16.ss.ta0.tb0.sa1.sb1.sw128.v00",
"repo": "ptx-rs/ptx",
"source": "modules/m64n48k16_f32_bf16_bf16_ss_ta0_tb0_sa1_sb1.ptx",
"nvcc_flags": [],
"entry": "k",
"grid": [
1,
1,
1
],
"block": [
128,
1,
1
],
"shared_bytes": 14336,
"args": [
{
"buf": "a"
},
{
"buf": "b"
},
{
"buf": "c"
},
{
"buf": "d"
},
{
"u64": 4611686293305360384
},
{
"u64": 4611686293305360384
},
{
"u32": 8192
},
{
"u32": 6144
},
{
"u32": 1
}
],
"buffers": {
"a": {
"dtype": "bf16",
"len": 4096,
"init": "normal"
},
"b": {
"dtype": "bf16",
"len": 3072,
"init": "normal"
},
"c": {
"dtype": "f32",
"len": 3072,
"init": "normal"
},
"d": {
"dtype": "f32",
"len": 3072,
"init": "zeros"
}
},
"ptx": true
},
{
"name": "wgmma/m64n48k8.f32.tf32.tf32.ss.sa1.sb1.sw128.v00",
"repo": "ptx-rs/ptx",
"source": "modules/m64n48k8_f32_tf32_tf32_ss_sa1_sb1.ptx",
"nvcc_flags": [],
"entry": "k",
"grid": [
1,
1,
1
],
"block": [
128,
1,
1
],
"shared_bytes": 14336,
"args": [
{
"buf": "a"
},
{
"buf": "b"
},
{
"buf": "c"
},
{
"buf": "d"
},
{
"u64": 4611686293305360384
},
{
"u64": 4611686293305360384
},
{
"u32": 8192
},
{
"u32": 6144
},
{
"u32": 1
}
],
"buffers": {
"a": {
"dtype": "f32",
"len": 2048,
"init": "normal"
},
"b": {
"dtype": "f32",
"len": 1536,
"init": "normal"
},
"c": {
"dtype": "f32",
"len": 3072,
"init": "normal"
},
"d": {
"dtype": "f32",
"len": 3072,
"init": "zeros"
}
},
"ptx": true
},
{
"name": "wgmma/m64n48k32.f32.e4m3.e4m3.ss.sa1.sb1.sw128.v00",
"repo": "ptx-rs/ptx",
"source": "modules/m64n48k32_f32_e4m3_e4m3_ss_sa1_sb1.ptx",
"nvcc_flags": [],
"entry": "k",
"grid": [
1,
1,
1
],
"block": [
128,
1,
1
],
"shared_bytes": 14336,
"args": [
{
"buf": "a"
},
{
"buf": "b"
},
{
"buf": "c"
},
{
"buf": "d"
},
{
"u64": 4611686293305360384
},
{
"u64": 4611686293305360384
},
{
"u32": 8192
},
{
"u32": 6144
},
{
"u32": 1
}
],
"buffers": {
"a": {
"dtype": "u8",
"len": 8192,
"init": "randint:0:248"
},
"b": {
"dtype": "u8",
"len": 6144,
"init": "randint:0:248"
},
"c": {
"dtype": "f32",
"len": 3072,
"init": "normal"
},
"d": {
"dtype": "f32",
"len": 3072,
"init": "zeros"
}
},
"ptx": true
},
{
"name": "wgmma/m64n56k16.f32.bf16.bf16.ss.ta0.tb0.sa1.sb1.sw128.v00",
"repo": "ptx-rs/ptx",
"source": "modules/m64n56k16_f32_bf16_bf16_ss_ta0_tb0_sa1_sb1.ptx",
"nvcc_flags": [],
"entry": "k",
"grid": [
1,
1,
1
],
"block": [
128,
1,
1
],
"shared_bytes": 15360,
"args": [
{
"buf": "a"
},
{
"buf": "b"
},
{
"buf": "c"
},
{
"buf": "d"
},
{
"u64": 4611686293305360384
},
{
"u64": 4611686293305360384
},
{
"u32": 8192
},
{
"u32": 7168
},
{
"u32": 1
}
],
"buffers": {
"a": {
"dtype": "bf16",
"len": 4096,
"init": "normal"
},
"b": {
"dtype": "bf16",
"len": 3584,
"init": "normal"
},
"c": {
"dtype": "f32",
"len": 3584,
"init": "normal"
},
"d": {
"dtype": "f32",
"len": 3584,
"init": "zeros"
}
},
"ptx": true
},
{
"name": "wgmma/m64n56k8.f32.tf32.tf32.ss.sa1.sb1.sw128.v00",
"repo": "ptx-rs/ptx",
"source": "modules/m64n56k8_f32_tf32_tf32_ss_sa1_sb1.ptx",
"nvcc_flags": [],
"entry": "k",
"grid": [
1,
1,
1
],
"block": [
128,
1,
1
],
"shared_bytes": 15360,
"args": [
{
"buf": "a"
},
{
"buf": "b"
},
{
"buf": "c"
},
{
"buf": "d"
},
{
"u64": 4611686293305360384
},
{
"u64": 4611686293305360384
},
{
"u32": 8192
},
{
"u32": 7168
},
{
"u32": 1
}
],
"buffers": {
"a": {
"dtype": "f32",
"len": 2048,
"init": "normal"
},
"b": {
"dtype": "f32",
"len": 1792,
"init": "normal"
},
"c": {
"dtype": "f32",
"len": 3584,
"init": "normal"
},
"d": {
"dtype": "f32",
"len": 3584,
"init": "zeros"
}
},
"ptx": true
},
{
"name": "wgmma/m64n56k32.f32.e4m3.e4m3.ss.sa1.sb1.sw128.v00",
"repo": "ptx-rs/ptx",
"source": "modules/m64n56k32_f32_e4m3_e4m3_ss_sa1_sb1.ptx",
"nvcc_flags": [],
"entry": "k",
"grid": [
1,
1,
1
],
"block": [
128,
1,
1
],
"shared_bytes": 15360,
"args": [
{
"buf": "a"
},
{
"buf": "b"
},
{
"buf": "c"
},
{
"buf": "d"
},
{
"u64": 4611686293305360384
},
{
"u64": 4611686293305360384
},
{
"u32": 8192
},
{
"u32": 7168
},
{
"u32": 1
}
],
"buffers": {
"a": {
"dtype": "u8",
"len": 8192,
"init": "randint:0:248"
},
"b": {
"dtype": "u8",
"len": 7168,
"init": "randint:0:248"
},
"c": {
"dtype": "f32",
"len": 3584,
"init": "normal"
},
"d": {
"dtype": "f32",
"len": 3584,
"init": "zeros"
}
},
"ptx": true
},
{
"name": "wgmma/m64n64k16.f32.bf16.bf16.ss.ta0.tb0.sa1.sb1.sw128.v00",
"repo": "ptx-rs/ptx",
"source": "modules/m64n64k16_f32_bf16_bf16_ss_ta0_tb0_sa1_sb1.ptx",
"nvcc_flags": [],
"entry": "k",
"grid": [
1,
1,
1
],
"block": [
128,
1,
1
],
"shared_bytes": 16384,
"args": [
{
"buf": "a"
},
{
"buf": "b"
},
{
"buf": "c"
},
{
"buf": "d"
},
{
"u64": 4611686293305360384
},
{
"u64": 4611686293305360384
},
{
"u32": 8192
},
{
"u32": 8192
},
{
"u32": 1
}
],
"buffers": {
"a": {
"dtype": "bf16",
"len": 4096,
"init": "normal"
},
"b": {
"dtype": "bf16",
"len": 4096,
"init": "normal"
},
"c": {
"dtype": "f32",
"len": 4096,
"init": "normal"
},
"d": {
"dtype": "f32",
"len": 4096,
"init": "zeros"
}
},
"ptx": true
},
{
"name": "wgmma/m64n64k8.f32.tf32.tf32.ss.sa1.sb1.sw128.v00",
"repo": "ptx-rs/ptx",
"source": "modules/m64n64k8_f32_tf32_tf32_ss_sa1_sb1.ptx",
"nvcc_flags": [],
"entry": "k",
"grid": [
1,
1,
1
],
"block": [
128,
1,
1
],
"shared_bytes": 16384,
"args": [
{
"buf": "a"
},
{
"buf": "b"
},
{
"buf": "c"
},
{
"buf": "d"
},
{
"u64": 4611686293305360384
},
{
"u64": 4611686293305360384
},
{
"u32": 8192
},
{
"u32": 8192
},
{
"u32": 1
}
],
"buffers": {
"a": {
"dtype": "f32",
"len": 2048,
"init": "normal"
},
"b": {
"dtype": "f32",
"len": 2048,
"init": "normal"
},
"c": {
"dtype": "f32",
"len": 4096,
"init": "normal"
},
"d": {
"dtype": "f32",
"len": 4096,
"init": "zeros"
}
},
"ptx": true
},
{
"name": "wgmma/m64n64k32.f32.e4m3.e4m3.ss.sa1.sb1.sw128.v00",
"repo": "ptx-rs/ptx",
"source": "modules/m64n64k32_f32_e4m3_e4m3_ss_sa1_sb1.ptx",
"nvcc_flags": [],
"entry": "k",
"grid": [
1,
1,
1
],
"block": [
128,
1,
1
],
"shared_bytes": 16384,
"args": [
{
"buf": "a"
},
{
"buf": "b"
},
{
"buf": "c"
},
{
"buf": "d"
},
{
"u64": 4611686293305360384
},
{
"u64": 4611686293305360384
},
{
"u32": 8192
},
{
"u32": 8192
},
{
"u32": 1
}
],
"buffers": {
"a": {
"dtype": "u8",
"len": 8192,
"init": "randint:0:248"
},
"b": {
"dtype": "u8",
"len": 8192,
"init": "randint:0:248"
},
"c": {
"dtype": "f32",
"len": 4096,
"init": "normal"
},
"d": {
"dtype": "f32",
"len": 4096,
"init": "zeros"
}
},
"ptx": true
},
{
"name": "wgmma/m64n96k16.f32.bf16.bf16.ss.ta0.tb0.sa1.sb1.sw128.v00",
"repo": "ptx-rs/ptx",
"source": "modules/m64n96k16_f32_bf16_bf16_ss_ta0_tb0_sa1_sb1.ptx",
"nvcc_flags": [],
"entry": "k",
"grid": [
1,
1,
1
],
"block": [
128,
1,
1
],
"shared_bytes": 20480,
"args": [
{
"buf": "a"
},
{
"buf": "b"
},
{
"buf": "c"
},
{
"buf": "d"
},
{
"u64": 4611686293305360384
},
{
"u64": 4611686293305360384
},
{
"u32": 8192
},
{
"u32": 12288
},
{
"u32": 1
}
],
"buffers": {
"a": {
"dtype": "bf16",
"len": 4096,
"init": "normal"
},
"b": {
"dtype": "bf16",
"len": 6144,
"init": "normal"
},
"c": {
"dtype": "f32",
"len": 6144,
"init": "normal"
},
"d": {
"dtype": "f32",
"len": 6144,
"init": "zeros"
}
},
"ptx": true
},
{
"name": "wgmma/m64n96k8.f32.tf32.tf32.ss.sa1.sb1.sw128.v00",
"repo": "ptx-rs/ptx",
"source": "modules/m64n96k8_f32_tf32_tf32_ss_sa1_sb1.ptx",
"nvcc_flags": [],
"entry": "k",
"grid": [
1,
1,
1
],
"block": [
128,
1,
1
],
"shared_bytes": 20480,
"args": [
{
"buf": "a"
},
{
"buf": "b"
},
{
"buf": "c"
},
{
"buf": "d"
},
{
"u64": 4611686293305360384
},
{
"u64": 4611686293305360384
},
{
"u32": 8192
},
{
"u32": 12288
},
{
"u32": 1
}
],
"buffers": {
"a": {
"dtype": "f32",
"len": 2048,
"init": "normal"
},
"b": {
"dtype": "f32",
"len": 3072,
"init": "normal"
},
"c": {
"dtype": "f32",
"len": 6144,
"init": "normal"
},
"d": {
"dtype": "f32",
"len": 6144,
"init": "zeros"
}
},
"ptx": true
},
{
"name": "wgmma/m64n96k32.f32.e4m3.e4m3.ss.sa1.sb1.sw128.v00",
"repo": "ptx-rs/ptx",
"source": "modules/m64n96k32_f32_e4m3_e4m3_ss_sa1_sb1.ptx",
"nvcc_flags": [],
"entry": "k",
"grid": [
1,
1,
1
],
"block": [
128,
1,
1
],
"shared_bytes": 20480,
"args": [
{
"buf": "a"
},
{
"buf": "b"
},
{
"buf": "c"
},
{
"buf": "d"
},
{
"u64": 4611686293305360384
},
{
"u64": 4611686293305360384
},
{
"u32": 8192
},
{
"u32": 12288
},
{
"u32": 1
}
],
"buffers": {
"a": {
"dtype": "u8",
"len": 8192,
"init": "randint:0:248"
},
"b": {
"dtype": "u8",
"len": 12288,
"init": "randint:0:248"
},
"c": {
"dtype": "f32",
"len": 6144,
"init": "normal"
},
"d": {
"dtype": "f32",
"len": 6144,
"init": "zeros"
}
},
"ptx": true
},
{
"name": "wgmma/m64n128k16.f32.bf16.bf16.ss.ta0.tb0.sa1.sb1.sw128.v00",
"repo": "ptx-rs/ptx",
"source": "modules/m64n128k16_f32_bf16_bf16_ss_ta0_tb0_sa1_sb1.ptx",
"nvcc_flags": [],
"entry": "k",
"grid": [
1,
1,
1
],
"block": [
128,
1,
1
],
"shared_bytes": 24576,
"args": [
{
"buf": "a"
},
{
"buf": "b"
},
{
"buf": "c"
},
{
"buf": "d"
},
{
"u64": 4611686293305360384
},
{
"u64": 4611686293305360384
},
{
"u32": 8192
},
{
"u32": 16384
},
{
"u32": 1
}
],
"buffers": {
"a": {
"dtype": "bf16",
"len": 4096,
"init": "normal"
},
"b": {
"dtype": "bf16",
"len": 8192,
"init": "normal"
},
"c": {
"dtype": "f32",
"len": 8192,
"init": "normal"
},
"d": {
"dtype": "f32",
"len": 8192,
"init": "zeros"
}
},
"ptx": true
},
{
"name": "wgmma/m64n128k8.f32.tf32.tf32.ss.sa1.sb1.sw128.v00",
"repo": "ptx-rs/ptx",
"source": "modules/m64n128k8_f32_tf32_tf32_ss_sa1_sb1.ptx",
"nvcc_flags": [],
"entry": "k",
"grid": [
1,
1,
1
],
"block": [
128,
1,
1
],
"shared_bytes": 24576,
"args": [
{
"buf": "a"
},
{
"buf": "b"
},
{
"buf": "c"
},
{
"buf": "d"
},
{
"u64": 4611686293305360384
},
{
"u64": 4611686293305360384
},
{
"u32": 8192
},
{
"u32": 16384
},
{
"u32": 1
}
],
"buffers": {
"a": {
"dtype": "f32",
"len": 2048,
"init": "normal"
},
"b": {
"dtype": "f32",
"len": 4096,
"init": "normal"
},
"c": {
"dtype": "f32",
"len": 8192,
"init": "normal"
},
"d": {
"dtype": "f32",
"len": 8192,
"init": "zeros"
}
},
"ptx": true
},
{
"name": "wgmma/m64n128k32.f32.e4m3.e4m3.ss.sa1.sb1.sw128.v00",
"repo": "ptx-rs/ptx",
"source": "modules/m64n128k32_f32_e4m3_e4m3_ss_sa1_sb1.ptx",
"nvcc_flags": [],
"entry": "k",
"grid": [
1,
1,
1
],
"block": [
128,
1,
1
],
"shared_bytes": 24576,
"args": [
{
"buf": "a"
},
{
"buf": "b"
},
{
"buf": "c"
},
{
"buf": "d"
},
{
"u64": 4611686293305360384
},
{
"u64": 4611686293305360384
},
{
"u32": 8192
},
{
"u32": 16384
},
{
"u32": 1
}
],
"buffers": {
"a": {
"dtype": "u8",
"len": 8192,
"init": "randint:0:248"
},
"b": {
"dtype": "u8",
"len": 16384,
"init": "randint:0:248"
},
"c": {
"dtype": "f32",
"len": 8192,
"init": "normal"
},
"d": {
"dtype": "f32",
"len": 8192,
"init": "zeros"
}
},
"ptx": true
},
{
"name": "wgmma/m64n200k16.f32.bf16.bf16.ss.ta0.tb0.sa1.sb1.sw128.v00",
"repo": "ptx-rs/ptx",
"source": "modules/m64n200k16_f32_bf16_bf16_ss_ta0_tb0_sa1_sb1.ptx",
"nvcc_flags": [],
"entry": "k",
"grid": [
1,
1,
1
],
"block": [
128,
1,
1
],
"shared_bytes": 33792,
"args": [
{
"buf": "a"
},
{
"buf": "b"
},
{
"buf": "c"
},
{
"buf": "d"
},
{
"u64": 4611686293305360384
},
{
"u64": 4611686293305360384
},
{
"u32": 8192
},
{
"u32": 25600
},
{
"u32": 1
}
],
"buffers": {
"a": {
"dtype": "bf16",
"len": 4096,
"init": "normal"
},
"b": {
"dtype": "bf16",
"len": 12800,
"init": "normal"
},
"c": {
"dtype": "f32",
"len": 12800,
"init": "normal"
},
"d": {
"dtype": "f32",
"len": 12800,
"init": "zeros"
}
},
"ptx": true
},
{
"name": "wgmma/m64n200k8.f32.tf32.tf32.ss.sa1.sb1.sw128.v00",
"repo": "ptx-rs/ptx",
"source": "modules/m64n200k8_f32_tf32_tf32_ss_sa1_sb1.ptx",
"nvcc_flags": [],
"entry": "k",
"grid": [
1,
1,
1
],
"block": [
128,
1,
1
],
"shared_bytes": 33792,
"args": [
{
"buf": "a"
},
{
"buf": "b"
},
{
"buf": "c"
},
{
"buf": "d"
},
{
"u64": 4611686293305360384
},
{
"u64": 4611686293305360384
},
{
"u32": 8192
},
{
"u32": 25600
},
{
"u32": 1
}
],
"buffers": {
"a": {
"dtype": "f32",
"len": 2048,
"init": "normal"
},
"b": {
"dtype": "f32",
"len": 6400,
"init": "normal"
},
"c": {
"dtype": "f32",
"len": 12800,
"init": "normal"
},
"d": {
"dtype": "f32",
"len": 12800,
"init": "zeros"
}
},
"ptx": true
},
{
"name": "wgmma/m64n200k32.f32.e4m3.e4m3.ss.sa1.sb1.sw128.v00",
"repo": "ptx-rs/ptx",
"source": "modules/m64n200k32_f32_e4m3_e4m3_ss_sa1_sb1.ptx",
"nvcc_flags": [],
"entry": "k",
"grid": [
1,
1,
1
],
"block": [
128,
1,
1
],
"shared_bytes": 33792,
"args": [
{
"buf": "a"
},
{
"buf": "b"
},
{
"buf": "c"
},
{
"buf": "d"
},
{
"u64": 4611686293305360384
},
{
"u64": 4611686293305360384
},
{
"u32": 8192
},
{
"u32": 25600
},
{
"u32": 1
}
],
"buffers": {
"a": {
"dtype": "u8",
"len": 8192,
"init": "randint:0:248"
},
"b": {
"dtype": "u8",
"len": 25600,
"init": "randint:0:248"
},
"c": {
"dtype": "f32",
"len": 12800,
"init": "normal"
},
"d": {
"dtype": "f32",
"len": 12800,
"init": "zeros"
}
},
"ptx": true
},
{
"name": "wgmma/m64n256k16.f32.bf16.bf16.ss.ta0.tb0.sa1.sb1.sw128.v00",
"repo": "ptx-rs/ptx",
"source": "modules/m64n256k16_f32_bf16_bf16_ss_ta0_tb0_sa1_sb1.ptx",
"nvcc_flags": [],
"entry": "k",
"grid": [
1,
1,
1
],
"block": [
128,
1,
1
],
"shared_bytes": 40960,
"args": [
{
"buf": "a"
},
{
"buf": "b"
},
{
"buf": "c"
},
{
"buf": "d"
},
{
"u64": 4611686293305360384
},
{
"u64": 4611686293305360384
},
{
"u32": 8192
},
{
"u32": 32768
},
{
"u32": 1
}
],
"buffers": {
"a": {
"dtype": "bf16",
"len": 4096,
"init": "normal"
},
"b": {
"dtype": "bf16",
"len": 16384,
"init": "normal"
},
"c": {
"dtype": "f32",
"len": 16384,
"init": "normal"
},
"d": {
"dtype": "f32",
"len": 16384,
"init": "zeros"
}
},
"ptx": true
},
{
"name": "wgmma/m64n256k8.f32.tf32.tf32.ss.sa1.sb1.sw128.v00",
"repo": "ptx-rs/ptx",
"source": "modules/m64n256k8_f32_tf32_tf32_ss_sa1_sb1.ptx",
"nvcc_flags": [],
"entry": "k",
"grid": [
1,
1,
1
],
"block": [
128,
1,
1
],
"shared_bytes": 40960,
"args": [
{
"buf": "a"
},
{
"buf": "b"
},
{
"buf": "c"
},
{
"buf": "d"
},
{
"u64": 4611686293305360384
},
{
"u64": 4611686293305360384
},
{
"u32": 8192
},
{
"u32": 32768
},
{
"u32": 1
}
],
"buffers": {
"a": {
"dtype": "f32",
"len": 2048,
"init": "normal"
},
"b": {
"dtype": "f32",
"len": 8192,
"init": "normal"
},
"c": {
"dtype": "f32",
"len": 16384,
"init": "normal"
},
"d": {
"dtype": "f32",
"len": 16384,
"init": "zeros"
}
},
"ptx": true
},
{
"name": "wgmma/m64n256k32.f32.e4m3.e4m3.ss.sa1.sb1.sw128.v00",
"repo": "ptx-rs/ptx",
"source": "modules/m64n256k32_f32_e4m3_e4m3_ss_sa1_sb1.ptx",
"nvcc_flags": [],
"entry": "k",
"grid": [
1,
1,
1
],
"block": [
128,
1,
1
],
"shared_bytes": 40960,
"args": [
{
"buf": "a"
},
{
"buf": "b"
},
{
"buf": "c"
},
{
"buf": "d"
},
{
"u64": 4611686293305360384
},
{
"u64": 4611686293305360384
},
{
"u32": 8192
},
{
"u32": 32768
},
{
"u32": 1
}
],
"buffers": {
"a": {
"dtype": "u8",
"len": 8192,
"init": "randint:0:248"
},
"b": {
"dtype": "u8",
"len": 32768,
"init": "randint:0:248"
},
"c": {
"dtype": "f32",
"len": 16384,
"init": "normal"
},
"d": {
"dtype": "f32",
"len": 16384,
"init": "zeros"
}
},
"ptx": true
},
{
"name": "wgmma/m64n8k32.f16.e4m3.e4m3.ss.sa1.sb1.sw128.v00",
"repo": "ptx-rs/ptx",
"source": "modules/m64n8k32_f16_e4m3_e4m3_ss_sa1_sb1.ptx",
"nvcc_flags": [],
"entry": "k",
"grid": [
1,
1,
1
],
"block": [
128,
1,
1
],
"shared_bytes": 9216,
"args": [
{
"buf": "a"
},
{
"buf": "b"
},
{
"buf": "c"
},
{
"buf": "d"
},
{
"u64": 4611686293305360384
},
{
"u64": 4611686293305360384
},
{
"u32": 8192
},
{
"u32": 1024
},
{
"u32": 1
}
],
"buffers": {
"a": {
"dtype": "u8",
"len": 8192,
"init": "randint:0:248"
},
"b": {
"dtype": "u8",
"len": 1024,
"init": "randint:0:248"
},
"c": {
"dtype": "f16",
"len": 512,
"init": "normal"
},
"d": {
"dtype": "f16",
"len": 512,
"init": "zeros"
}
},
"ptx": true
},
{
"name": "wgmma/m64n64k32.f16.e4m3.e4m3.ss.sa1.sb1.sw128.v00",
"repo": "ptx-rs/ptx",
"source": "modules/m64n64k32_f16_e4m3_e4m3_ss_sa1_sb1.ptx",
"nvcc_flags": [],
"entry": "k",
"grid": [
1,
1,
1
],
"block": [
128,
1,
1
],
"shared_bytes": 16384,
"args": [
{
"buf": "a"
},
{
"buf": "b"
},
{
"buf": "c"
},
{
"buf": "d"
},
{
"u64": 4611686293305360384
},
{
"u64": 4611686293305360384
},
{
"u32": 8192
},
{
"u32": 8192
},
{
"u32": 1
}
],
"buffers": {
"a": {
"dtype": "u8",
"len": 8192,
"init": "randint:0:248"
},
"b": {
"dtype": "u8",
"len": 8192,
"init": "randint:0:248"
},
"c": {
"dtype": "f16",
"len": 4096,
"init": "normal"
},
"d": {
"dtype": "f16",
"len": 4096,
"init": "zeros"
}
},
"ptx": true
},
{
"name": "wgmma/m64n256k32.f16.e4m3.e4m3.ss.sa1.sb1.sw128.v00",
"repo": "ptx-rs/ptx",
"source": "modules/m64n256k32_f16_e4m3_e4m3_ss_sa1_sb1.ptx",
"nvcc_flags": [],
"entry": "k",
"grid": [
1,
1,
1
],
"block": [
128,
1,
1
],
"shared_bytes": 40960,
"args": [
{
"buf": "a"
},
{
"buf": "b"
},
{
"buf": "c"
},
{
"buf": "d"
},
{
"u64": 4611686293305360384
},
{
"u64": 4611686293305360384
},
{
"u32": 8192
},
{
"u32": 32768
},
{
"u32": 1
}
],
"buffers": {
"a": {
"dtype": "u8",
"len": 8192,
"init": "randint:0:248"
},
"b": {
"dtype": "u8",
"len": 32768,
"init": "randint:0:248"
},
"c": {
"dtype": "f16",
"len": 16384,
"init": "normal"
},
"d": {
"dtype": "f16",
"len": 16384,
"init": "zeros"
}
},
"ptx": true
},
{
"name": "wgmma/m64n8k32.f32.e4m3.e5m2.ss.sa1.sb1.sw128.v00",
"repo": "ptx-rs/ptx",
"source": "modules/m64n8k32_f32_e4m3_e5m2_ss_sa1_sb1.ptx",
"nvcc_flags": [],
"entry": "k",
"grid": [
1,
1,
1
],
"block": [
128,
1,
1
],
"shared_bytes": 9216,
"args": [
{
"buf": "a"
},
{
"buf": "b"
},
{
"buf": "c"
},
{
"buf": "d"
},
{
"u64": 4611686293305360384
},
{
"u64": 4611686293305360384
},
{
"u32": 8192
},
{
"u32": 1024
},
{
"u32": 1
}
],
"buffers": {
"a": {
"dtype": "u8",
"len": 8192,
"init": "randint:0:248"
},
"b": {
"dtype": "u8",
"len": 1024,
"init": "randint:0:248"
},
"c": {
"dtype": "f32",
"len": 512,
"init": "normal"
},
"d": {
"dtype": "f32",
"len": 512,
"init": "zeros"
}
},
"ptx": true
},
{
"name": "wgmma/m64n64k32.f32.e4m3.e5m2.ss.sa1.sb1.sw128.v00",
"repo": "ptx-rs/ptx",
"source": "modules/m64n64k32_f32_e4m3_e5m2_ss_sa1_sb1.ptx",
"nvcc_flags": [],
"entry": "k",
"grid": [
1,
1,
1
],
"block": [
128,
1,
1
],
"shared_bytes": 16384,
"args": [
{
"buf": "a"
},
{
"buf": "b"
},
{
"buf": "c"
},
{
"buf": "d"
},
{
"u64": 4611686293305360384
},
{
"u64": 4611686293305360384
},
{
"u32": 8192
},
{
"u32": 8192
},
{
"u32": 1
}
],
"buffers": {
"a": {
"dtype": "u8",
"len": 8192,
"init": "randint:0:248"
},
"b": {
"dtype": "u8",
"len": 8192,
"init": "randint:0:248"
},
"c": {
"dtype": "f32",
"len": 4096,
"init": "normal"
},
"d": {
"dtype": "f32",
"len": 4096,
"init": "zeros"
}
},
"ptx": true
},
{
"name": "wgmma/m64n256k32.f32.e4m3.e5m2.ss.sa1.sb1.sw128.v00",
"repo": "ptx-rs/ptx",
"source": "modules/m64n256k32_f32_e4m3_e5m2_ss_sa1_sb1.ptx",
"nvcc_flags": [],
"entry": "k",
"grid": [
1,
1,
1
],
"block": [
128,
1,
1
],
"shared_bytes": 40960,
"args": [
{
"buf": "a"
},
{
"buf": "b"
},
{
"buf": "c"
},
{
"buf": "d"
},
{
"u64": 4611686293305360384
},
{
"u64": 4611686293305360384
},
{
"u32": 8192
},
{
"u32": 32768
},
{
"u32": 1
}
],
"buffers": {
"a": {
"dtype": "u8",
"len": 8192,
"init": "randint:0:248"
},
"b": {
"dtype": "u8",
"len": 32768,
"init": "randint:0:248"
},
"c": {
"dtype": "f32",
"len": 16384,
"init": "normal"
},
"d": {
"dtype": "f32",
"len": 16384,
"init": "zeros"
}
},
"ptx": true
},
{
"name": "wgmma/m64n8k32.f16.e4m3.e5m2.ss.sa1.sb1.sw128.v00",
"repo": "ptx-rs/ptx",
"source": "modules/m64n8k32_f16_e4m3_e5m2_ss_sa1_sb1.ptx",
"nvcc_flags": [],
"entry": "k",
"grid": [
1,
1,
1
],
"block": [
128,
1,
1
],
"shared_bytes": 9216,
"args": [
{
"buf": "a"
},
{
"buf": "b"
},
{
"buf": "c"
},
{
"buf": "d"
},
{
"u64": 4611686293305360384
},
{
"u64": 4611686293305360384
},
{
"u32": 8192
},
{
"u32": 1024
},
{
"u32": 1
}
],
"buffers": {
"a": {
"dtype": "u8",
"len": 8192,
"init": "randint:0:248"
},
"b": {
"dtype": "u8",
"len": 1024,
"init": "randint:0:248"
},
"c": {
"dtype": "f16",
"len": 512,
"init": "normal"
},
"d": {
"dtype": "f16",
"len": 512,
"init": "zeros"
}
},
"ptx": true
},
{
"name": "wgmma/m64n64k32.f16.e4m3.e5m2.ss.sa1.sb1.sw128.v00",
"repo": "ptx-rs/ptx",
"source": "modules/m64n64k32_f16_e4m3_e5m2_ss_sa1_sb1.ptx",
"nvcc_flags": [],
"entry": "k",
"grid": [
1,
1,
1
],
"block": [
128,
1,
1
],
"shared_bytes": 16384,
"args": [
{
"buf": "a"
},
{
"buf": "b"
},
{
"buf": "c"
},
{
"buf": "d"
},
{
"u64": 4611686293305360384
},
{
"u64": 4611686293305360384
},
{
"u32": 8192
},
{
"u32": 8192
},
{
"u32": 1
}
],
"buffers": {
"a": {
"dtype": "u8",
"len": 8192,
"init": "randint:0:248"
},
"b": {
"dtype": "u8",
"len": 8192,
"init": "randint:0:248"
},
"c": {
"dtype": "f16",
"len": 4096,
"init": "normal"
},
"d": {
"dtype": "f16",
"len": 4096,
"init": "zeros"
}
},
"ptx": true
},
{
"name": "wgmma/m64n256k32.f16.e4m3.e5m2.ss.sa1.sb1.sw128.v00",
"repo": "ptx-rs/ptx",
"source": "modules/m64n256k32_f16_e4m3_e5m2_ss_sa1_sb1.ptx",
"nvcc_flags": [],
"entry": "k",
"grid": [
1,
1,
1
],
"block": [
128,
1,
1
],
"shared_bytes": 40960,
"args": [
{
"buf": "a"
},
{
"buf": "b"
},
{
"buf": "c"
},
{
"buf": "d"
},
{
"u64": 4611686293305360384
},
{
"u64": 4611686293305360384
},
{
"u32": 8192
},
{
"u32": 32768
},
{
"u32": 1
}
],
"buffers": {
"a": {
"dtype": "u8",
"len": 8192,
"init": "randint:0:248"
},
"b": {
"dtype": "u8",
"len": 32768,
"init": "randint:0:248"
},
"c": {
"dtype": "f16",
"len": 16384,
"init": "normal"
},
"d": {
"dtype": "f16",
"len": 16384,
"init": "zeros"
}
},
"ptx": true
},
{
"name": "wgmma/m64n8k32.f32.e5m2.e4m3.ss.sa1.sb1.sw128.v00",
"repo": "ptx-rs/ptx",
"source": "modules/m64n8k32_f32_e5m2_e4m3_ss_sa1_sb1.ptx",
"nvcc_flags": [],
"entry": "k",
"grid": [
1,
1,
1
],
"block": [
128,
1,
1
],
"shared_bytes": 9216,
"args": [
{
"buf": "a"
},
{
"buf": "b"
},
{
"buf": "c"
},
{
"buf": "d"
},
{
"u64": 4611686293305360384
},
{
"u64": 4611686293305360384
},
{
"u32": 8192
},
{
"u32": 1024
},
{
"u32": 1
}
],
"buffers": {
"a": {
"dtype": "u8",
"len": 8192,
"init": "randint:0:248"
},
"b": {
"dtype": "u8",
"len": 1024,
"init": "randint:0:248"
},
"c": {
"dtype": "f32",
"len": 512,
"init": "normal"
},
"d": {
"dtype": "f32",
"len": 512,
"init": "zeros"
}
},
"ptx": true
},
{
"name": "wgmma/m64n64k32.f32.e5m2.e4m3.ss.sa1.sb1.sw128.v00",
"repo": "ptx-rs/ptx",
"source": "modules/m64n64k32_f32_e5m2_e4m3_ss_sa1_sb1.ptx",
"nvcc_flags": [],
"entry": "k",
"grid": [
1,
1,
1
],
"block": [
128,
1,
1
],
"shared_bytes": 16384,
"args": [
{
"buf": "a"
},
{
"buf": "b"
},
{
"buf": "c"
},
{
"buf": "d"
},
{
"u64": 4611686293305360384
},
{
"u64": 4611686293305360384
},
{
"u32": 8192
},
{
"u32": 8192
},
{
"u32": 1
}
],
"buffers": {
"a": {
"dtype": "u8",
"len": 8192,
"init": "randint:0:248"
},
"b": {
"dtype": "u8",
"len": 8192,
"init": "randint:0:248"
},
"c": {
"dtype": "f32",
"len": 4096,
"init": "normal"
},
"d": {
"dtype": "f32",
"len": 4096,
"init": "zeros"
}
},
"ptx": true
},
{
"name": "wgmma/m64n256k32.f32.e5m2.e4m3.ss.sa1.sb1.sw128.v00",
"repo": "ptx-rs/ptx",
"source": "modules/m64n256k32_f32_e5m2_e4m3_ss_sa1_sb1.ptx",
"nvcc_flags": [],
"entry": "k",
"grid": [
1,
1,
1
],
"block": [
128,
1,
1
],
"shared_bytes": 40960,
"args": [
{
"buf": "a"
},
{
"buf": "b"
},
{
"buf": "c"
},
{
"buf": "d"
},
{
"u64": 4611686293305360384
},
{
"u64": 4611686293305360384
},
{
"u32": 8192
},
{
"u32": 32768
},
{
"u32": 1
}
],
"buffers": {
"a": {
"dtype": "u8",
"len": 8192,
"init": "randint:0:248"
},
"b": {
"dtype": "u8",
"len": 32768,
"init": "randint:0:248"
},
"c": {
"dtype": "f32",
"len": 16384,
"init": "normal"
},
"d": {
"dtype": "f32",
"len": 16384,
"init": "zeros"
}
},
"ptx": true
},
{
"name": "wgmma/m64n8k32.f16.e5m2.e4m3.ss.sa1.sb1.sw128.v00",
"repo": "ptx-rs/ptx",
"source": "modules/m64n8k32_f16_e5m2_e4m3_ss_sa1_sb1.ptx",
"nvcc_flags": [],
"entry": "k",
"grid": [
1,
1,
1
],
"block": [
128,
1,
1
],
"shared_bytes": 9216,
"args": [
{
"buf": "a"
},
{
"buf": "b"
},
{
"buf": "c"
},
{
"buf": "d"
},
{
"u64": 4611686293305360384
},
{
"u64": 4611686293305360384
},
{
"u32": 8192
},
{
"u32": 1024
},
{
"u32": 1
}
],
"buffers": {
"a": {
"dtype": "u8",
"len": 8192,
"init": "randint:0:248"
},
"b": {
"dtype": "u8",
"len": 1024,
"init": "randint:0:248"
},
"c": {
"dtype": "f16",
"len": 512,
"init": "normal"
},
"d": {
"dtype": "f16",
"len": 512,
"init": "zeros"
}
},
"ptx": true
},
{
"name": "wgmma/m64n64k32.f16.e5m2.e4m3.ss.sa1.sb1.sw128.v00",
"repo": "ptx-rs/ptx",
"source": "modules/m64n64k32_f16_e5m2_e4m3_ss_sa1_sb1.ptx",
"nvcc_flags": [],
"entry": "k",
"grid": [
1,
1,
1
],
"block": [
128,
1,
1
],
"shared_bytes": 16384,
"args": [
{
"buf": "a"
},
{
"buf": "b"
},
{
"buf": "c"
},
{
"buf": "d"
},
{
"u64": 4611686293305360384
},
{
"u64": 4611686293305360384
},
{
"u32": 8192
},
{
"u32": 8192
},
{
"u32": 1
}
],
"buffers": {
"a": {
"dtype": "u8",
"len": 8192,
"init": "randint:0:248"
},
"b": {
"dtype": "u8",
"len": 8192,
"init": "randint:0:248"
},
"c": {
"dtype": "f16",
"len": 4096,
"init": "normal"
},
"d": {
"dtype": "f16",
"len": 4096,
"init": "zeros"
}
},
"ptx": true
},
{
"name": "wgmma/m64n256k32.f16.e5m2.e4m3.ss.sa1.sb1.sw128.v00",
"repo": "ptx-rs/ptx",
"source": "modules/m64n256k32_f16_e5m2_e4m3_ss_sa1_sb1.ptx",
"nvcc_flags": [],
"entry": "k",
"grid": [
1,
1,
1
],
"block": [
128,
1,
1
],
"shared_bytes": 40960,
"args": [
{
"buf": "a"
},
{
"buf": "b"
},
{
"buf": "c"
},
{
"buf": "d"
},
{
"u64": 4611686293305360384
},
{
"u64": 4611686293305360384
},
{
"u32": 8192
},
{
"u32": 32768
},
{
"u32": 1
}
],
"buffers": {
"a": {
"dtype": "u8",
"len": 8192,
"init": "randint:0:248"
},
"b": {
"dtype": "u8",
"len": 32768,
"init": "randint:0:248"
},
"c": {
"dtype": "f16",
"len": 16384,
"init": "normal"
},
"d": {
"dtype": "f16",
"len": 16384,
"init": "zeros"
}
},
"ptx": true
},
{
"name": "wgmma/m64n8k32.f32.e5m2.e5m2.ss.sa1.sb1.sw128.v00",
"repo": "ptx-rs/ptx",
"source": "modules/m64n8k32_f32_e5m2_e5m2_ss_sa1_sb1.ptx",
"nvcc_flags": [],
"entry": "k",
"grid": [
1,
1,
1
],
"block": [
128,
1,
1
],
"shared_bytes": 9216,
"args": [
{
"buf": "a"
},
{
"buf": "b"
},
{
"buf": "c"
},
{
"buf": "d"
},
{
"u64": 4611686293305360384
},
{
"u64": 4611686293305360384
},
{
"u32": 8192
},
{
"u32": 1024
},
{
"u32": 1
}
],
"buffers": {
"a": {
"dtype": "u8",
"len": 8192,
"init": "randint:0:248"
},
"b": {
"dtype": "u8",
"len": 1024,
"init": "randint:0:248"
},
"c": {
"dtype": "f32",
"len": 512,
"init": "normal"
},
"d": {
"dtype": "f32",
"len": 512,
"init": "zeros"
}
},
"ptx": true
},
{
"name": "wgmma/m64n64k32.f32.e5m2.e5m2.ss.sa1.sb1.sw128.v00",
"repo": "ptx-rs/ptx",
"source": "modules/m64n64k32_f32_e5m2_e5m2_ss_sa1_sb1.ptx",
"nvcc_flags": [],
"entry": "k",
"grid": [
1,
1,
1
],
"block": [
128,
1,
1
],
"shared_bytes": 16384,
"args": [
{
"buf": "a"
},
{
"buf": "b"
},
{
"buf": "c"
},
{
"buf": "d"
},
{
"u64": 4611686293305360384
},
{
"u64": 4611686293305360384
},
{
"u32": 8192
},
{
"u32": 8192
},
{
"u32": 1
}
],
"buffers": {
"a": {
"dtype": "u8",
"len": 8192,
"init": "randint:0:248"
},
"b": {
"dtype": "u8",
"len": 8192,
"init": "randint:0:248"
},
"c": {
"dtype": "f32",
"len": 4096,
"init": "normal"
},
"d": {
"dtype": "f32",
"len": 4096,
"init": "zeros"
}
},
"ptx": true
},
{
"name": "wgmma/m64n256k32.f32.e5m2.e5m2.ss.sa1.sb1.sw128.v00",
"repo": "ptx-rs/ptx",
"source": "modules/m64n256k32_f32_e5m2_e5m2_ss_sa1_sb1.ptx",
"nvcc_flags": [],
"entry": "k",
"grid": [
1,
1,
1
],
"block": [
128,
1,
1
],
"shared_bytes": 40960,
"args": [
{
"buf": "a"
},
{
"buf": "b"
},
{
"buf": "c"
},
{
"buf": "d"
},
{
"u64": 4611686293305360384
},
{
"u64": 4611686293305360384
},
{
"u32": 8192
},
{
"u32": 32768
},
{
"u32": 1
}
],
"buffers": {
"a": {
"dtype": "u8",
"len": 8192,
"init": "randint:0:248"
},
"b": {
"dtype": "u8",
"len": 32768,
"init": "randint:0:248"
},
"c": {
"dtype": "f32",
"len": 16384,
"init": "normal"
},
"d": {
"dtype": "f32",
"len": 16384,
"init": "zeros"
}
},
"ptx": true
},
{
"name": "wgmma/m64n8k32.f16.e5m2.e5m2.ss.sa1.sb1.sw128.v00",
"repo": "ptx-rs/ptx",
"source": "modules/m64n8k32_f16_e5m2_e5m2_ss_sa1_sb1.ptx",
"nvcc_flags": [],
"entry": "k",
"grid": [
1,
1,
1
],
"block": [
128,
1,
1
],
"shared_bytes": 9216,
"args": [
{
"buf": "a"
},
{
"buf": "b"
},
{
"buf": "c"
},
{
"buf": "d"
},
{
"u64": 4611686293305360384
},
{
"u64": 4611686293305360384
},
{
"u32": 8192
},
{
"u32": 1024
},
{
"u32": 1
}
],
"buffers": {
"a": {
"dtype": "u8",
"len": 8192,
"init": "randint:0:248"
},
"b": {
"dtype": "u8",
"len": 1024,
"init": "randint:0:248"
},
"c": {
"dtype": "f16",
"len": 512,
"init": "normal"
},
"d": {
"dtype": "f16",
"len": 512,
"init": "zeros"
}
},
"ptx": true
},
{
"name": "wgmma/m64n64k32.f16.e5m2.e5m2.ss.sa1.sb1.sw128.v00",
"repo": "ptx-rs/ptx",
"source": "modules/m64n64k32_f16_e5m2_e5m2_ss_sa1_sb1.ptx",
"nvcc_flags": [],
"entry": "k",
"grid": [
1,
1,
1
],
"block": [
128,
1,
1
],
"shared_bytes": 16384,
"args": [
{
"buf": "a"
},
{
"buf": "b"
},
{
"buf": "c"
},
{
"buf": "d"
},
{
"u64": 4611686293305360384
},
{
"u64": 4611686293305360384
},
{
"u32": 8192
},
{
"u32": 8192
},
{
"u32": 1
}
],
"buffers": {
"a": {
"dtype": "u8",
"len": 8192,
"init": "randint:0:248"
},
"b": {
"dtype": "u8",
"len": 8192,
"init": "randint:0:248"
},
"c": {
"dtype": "f16",
"len": 4096,
"init": "normal"
},
"d": {
"dtype": "f16",
"len": 4096,
"init": "zeros"
}
},
"ptx": true
},
{
"name": "wgmma/m64n256k32.f16.e5m2.e5m2.ss.sa1.sb1.sw128.v00",
"repo": "ptx-rs/ptx",
"source": "modules/m64n256k32_f16_e5m2_e5m2_ss_sa1_sb1.ptx",
"nvcc_flags": [],
"entry": "k",
"grid": [
1,
1,
1
],
"block": [
128,
1,
1
],
"shared_bytes": 40960,
"args": [
{
"buf": "a"
},
{
"buf": "b"
},
{
"buf": "c"
},
{
"buf": "d"
},
{
"u64": 4611686293305360384
},
{
"u64": 4611686293305360384
},
{
"u32": 8192
},
{
"u32": 32768
},
{
"u32": 1
}
],
"buffers": {
"a": {
"dtype": "u8",
"len": 8192,
"init": "randint:0:248"
},
"b": {
"dtype": "u8",
"len": 32768,
"init": "randint:0:248"
},
"c": {
"dtype": "f16",
"len": 16384,
"init": "normal"
},
"d": {
"dtype": "f16",
"len": 16384,
"init": "zeros"
}
},
"ptx": true
},
{
"name": "wgmma/m64n8k32.s32.s8.s8.ss.sw128.v00",
"repo": "ptx-rs/ptx",
"source": "modules/m64n8k32_s32_s8_s8_ss.ptx",
"nvcc_flags": [],
"entry": "k",
"grid": [
1,
1,
1
],
"block": [
128,
1,
1
],
"shared_bytes": 9216,
"args": [
{
"buf": "a"
},
{
"buf": "b"
},
{
"buf": "c"
},
{
"buf": "d"
},
{
"u64": 4611686293305360384
},
{
"u64": 4611686293305360384
},
{
"u32": 8192
},
{
"u32": 1024
},
{
"u32": 1
}
],
"buffers": {
"a": {
"dtype": "i8",
"len": 8192,
"init": "randint:-128:128"
},
"b": {
"dtype": "i8",
"len": 1024,
"init": "randint:-128:128"
},
"c": {
"dtype": "i32",
"len": 512,
"init": "randint:-1000000:1000000"
},
"d": {
"dtype": "i32",
"len": 512,
"init": "zeros"
}
},
"ptx": true
},
{
"name": "wgmma/m64n24k32.s32.s8.s8.ss.sw128.v00",
"repo": "ptx-rs/ptx",
"source": "modules/m64n24k32_s32_s8_s8_ss.ptx",
"nvcc_flags": [],
"entry": "k",
"grid": [
1,
1,
1
],
"block": [
128,
1,
1
],
"shared_bytes": 11264,
"args": [
{
"buf": "a"
},
{
"buf": "b"
},
{
"buf": "c"
},
{
"buf": "d"
},
{
"u64": 4611686293305360384
},
{
"u64": 4611686293305360384
},
{
"u32": 8192
},
{
"u32": 3072
},
{
"u32": 1
}
],
"buffers": {
"a": {
"dtype": "i8",
"len": 8192,
"init": "randint:-128:128"
},
"b": {
"dtype": "i8",
"len": 3072,
"init": "randint:-128:128"
},
"c": {
"dtype": "i32",
"len": 1536,
"init": "randint:-1000000:1000000"
},
"d": {
"dtype": "i32",
"len": 1536,
"init": "zeros"
}
},
"ptx": true
},
{
"name": "wgmma/m64n64k32.s32.s8.s8.ss.sw128.v00",
"repo": "ptx-rs/ptx",
"source": "modules/m64n64k32_s32_s8_s8_ss.ptx",
"nvcc_flags": [],
"entry": "k",
"grid": [
1,
1,
1
],
"block": [
128,
1,
1
],
"shared_bytes": 16384,
"args": [
{
"buf": "a"
},
{
"buf": "b"
},
{
"buf": "c"
},
{
"buf": "d"
},
{
"u64": 4611686293305360384
},
{
"u64": 4611686293305360384
},
{
"u32": 8192
},
{
"u32": 8192
},
{
"u32": 1
}
],
"buffers": {
"a": {
"dtype": "i8",
"len": 8192,
"init": "randint:-128:128"
},
"b": {
"dtype": "i8",
"len": 8192,
"init": "randint:-128:128"
},
"c": {
"dtype": "i32",
"len": 4096,
"init": "randint:-1000000:1000000"
},
"d": {
"dtype": "i32",
"len": 4096,
"init": "zeros"
}
},
"ptx": true
},
{
"name": "wgmma/m64n256k32.s32.s8.s8.ss.sw128.v00",
"repo": "ptx-rs/ptx",
"source": "modules/m64n256k32_s32_s8_s8_ss.ptx",
"nvcc_flags": [],
"entry": "k",
"grid": [
1,
1,
1
],
"block": [
128,
1,
1
],
"shared_bytes": 40960,
"args": [
{
"buf": "a"
},
{
"buf": "b"
},
{
"buf": "c"
},
{
"buf": "d"
},
{
"u64": 4611686293305360384
},
{
"u64": 4611686293305360384
},
{
"u32": 8192
},
{
"u32": 32768
},
{
"u32": 1
}
],
"buffers": {
"a": {
"dtype": "i8",
"len": 8192,
"init": "randint:-128:128"
},
"b": {
"dtype": "i8",
"len": 32768,
"init": "randint:-128:128"
},
"c": {
"dtype": "i32",
"len": 16384,
"init": "randint:-1000000:1000000"
},
"d": {
"dtype": "i32",
"len": 16384,
"init": "zeros"
}
},
"ptx": true
},
{
"name": "wgmma/m64n32k32.s32.s8.s8.satfinite.ss.sw128.v00",
"repo": "ptx-rs/ptx",
"source": "modules/m64n32k32_s32_s8_s8_satfinite_ss.ptx",
"nvcc_flags": [],
"entry": "k",
"grid": [
1,
1,
1
],
"block": [
128,
1,
1
],
"shared_bytes": 12288,
"args": [
{
"buf": "a"
},
{
"buf": "b"
},
{
"buf": "c"
},
{
"buf": "d"
},
{
"u64": 4611686293305360384
},
{
"u64": 4611686293305360384
},
{
"u32": 8192
},
{
"u32": 4096
},
{
"u32": 1
}
],
"buffers": {
"a": {
"dtype": "i8",
"len": 8192,
"init": "randint:-128:128"
},
"b": {
"dtype": "i8",
"len": 4096,
"init": "randint:-128:128"
},
"c": {
"dtype": "i32",
"len": 2048,
"init": "randint:2147000000:2147483647"
},
"d": {
"dtype": "i32",
"len": 2048,
"init": "zeros"
}
},
"ptx": true
},
{
"name": "wgmma/m64n8k32.s32.s8.u8.ss.sw128.v00",
"repo": "ptx-rs/ptx",
"source": "modules/m64n8k32_s32_s8_u8_ss.ptx",
"nvcc_flags": [],
"entry": "k",
"grid": [
1,
1,
1
],
"block": [
128,
1,
1
],
"shared_bytes": 9216,
"args": [
{
"buf": "a"
},
{
"buf": "b"
},
{
"buf": "c"
},
{
"buf": "d"
},
{
"u64": 4611686293305360384
},
{
"u64": 4611686293305360384
},
{
"u32": 8192
},
{
"u32": 1024
},
{
"u32": 1
}
],
"buffers": {
"a": {
"dtype": "i8",
"len": 8192,
"init": "randint:-128:128"
},
"b": {
"dtype": "i8",
"len": 1024,
"init": "randint:-128:128"
},
"c": {
"dtype": "i32",
"len": 512,
"init": "randint:-1000000:1000000"
},
"d": {
"dtype": "i32",
"len": 512,
"init": "zeros"
}
},
"ptx": true
},
{
"name": "wgmma/m64n24k32.s32.s8.u8.ss.sw128.v00",
"repo": "ptx-rs/ptx",
"source": "modules/m64n24k32_s32_s8_u8_ss.ptx",
"nvcc_flags": [],
"entry": "k",
"grid": [
1,
1,
1
],
"block": [
128,
1,
1
],
"shared_bytes": 11264,
"args": [
{
"buf": "a"
},
{
"buf": "b"
},
{
"buf": "c"
},
{
"buf": "d"
},
{
"u64": 4611686293305360384
},
{
"u64": 4611686293305360384
},
{
"u32": 8192
},
{
"u32": 3072
},
{
"u32": 1
}
],
"buffers": {
"a": {
"dtype": "i8",
"len": 8192,
"init": "randint:-128:128"
},
"b": {
"dtype": "i8",
"len": 3072,
"init": "randint:-128:128"
},
"c": {
"dtype": "i32",
"len": 1536,
"init": "randint:-1000000:1000000"
},
"d": {
"dtype": "i32",
"len": 1536,
"init": "zeros"
}
},
"ptx": true
},
{
"name": "wgmma/m64n64k32.s32.s8.u8.ss.sw128.v00",
"repo": "ptx-rs/ptx",
"source": "modules/m64n64k32_s32_s8_u8_ss.ptx",
"nvcc_flags": [],
"entry": "k",
"grid": [
1,
1,
1
],
"block": [
128,
1,
1
],
"shared_bytes": 16384,
"args": [
{
"buf": "a"
},
{
"buf": "b"
},
{
"buf": "c"
},
{
"buf": "d"
},
{
"u64": 4611686293305360384
},
{
"u64": 4611686293305360384
},
{
"u32": 8192
},
{
"u32": 8192
},
{
"u32": 1
}
],
"buffers": {
"a": {
"dtype": "i8",
"len": 8192,
"init": "randint:-128:128"
},
"b": {
"dtype": "i8",
"len": 8192,
"init": "randint:-128:128"
},
"c": {
"dtype": "i32",
"len": 4096,
"init": "randint:-1000000:1000000"
},
"d": {
"dtype": "i32",
"len": 4096,
"init": "zeros"
}
},
"ptx": true
},
{
"name": "wgmma/m64n256k32.s32.s8.u8.ss.sw128.v00",
"repo": "ptx-rs/ptx",
"source": "modules/m64n256k32_s32_s8_u8_ss.ptx",
"nvcc_flags": [],
"entry": "k",
"grid": [
1,
1,
1
],
"block": [
128,
1,
1
],
"shared_bytes": 40960,
"args": [
{
"buf": "a"
},
{
"buf": "b"
},
{
"buf": "c"
},
{
"buf": "d"
},
{
"u64": 4611686293305360384
},
{
"u64": 4611686293305360384
},
{
"u32": 8192
},
{
"u32": 32768
},
{
"u32": 1
}
],
"buffers": {
"a": {
"dtype": "i8",
"len": 8192,
"init": "randint:-128:128"
},
"b": {
"dtype": "i8",
"len": 32768,
"init": "randint:-128:128"
},
"c": {
"dtype": "i32",
"len": 16384,
"init": "randint:-1000000:1000000"
},
"d": {
"dtype": "i32",
"len": 16384,
"init": "zeros"
}
},
"ptx": true
},
{
"name": "wgmma/m64n32k32.s32.s8.u8.satfinite.ss.sw128.v00",
"repo": "ptx-rs/ptx",
"source": "modules/m64n32k32_s32_s8_u8_satfinite_ss.ptx",
"nvcc_flags": [],
"entry": "k",
"grid": [
1,
1,
1
],
"block": [
128,
1,
1
],
"shared_bytes": 12288,
"args": [
{
"buf": "a"
},
{
"buf": "b"
},
{
"buf": "c"
},
{
"buf": "d"
},
{
"u64": 4611686293305360384
},
{
"u64": 4611686293305360384
},
{
"u32": 8192
},
{
"u32": 4096
},
{
"u32": 1
}
],
"buffers": {
"a": {
"dtype": "i8",
"len": 8192,
"init": "randint:-128:128"
},
"b": {
"dtype": "i8",
"len": 4096,
"init": "randint:-128:128"
},
"c": {
"dtype": "i32",
"len": 2048,
"init": "randint:2147000000:2147483647"
},
"d": {
"dtype": "i32",
"len": 2048,
"init": "zeros"
}
},
"ptx": true
},
{
"name": "wgmma/m64n8k32.s32.u8.s8.ss.sw128.v00",
"repo": "ptx-rs/ptx",
"source": "modules/m64n8k32_s32_u8_s8_ss.ptx",
"nvcc_flags": [],
"entry": "k",
"grid": [
1,
1,
1
],
"block": [
128,
1,
1
],
"shared_bytes": 9216,
"args": [
{
"buf": "a"
},
{
"buf": "b"
},
{
"buf": "c"
},
{
"buf": "d"
},
{
"u64": 4611686293305360384
},
{
"u64": 4611686293305360384
},
{
"u32": 8192
},
{
"u32": 1024
},
{
"u32": 1
}
],
"buffers": {
"a": {
"dtype": "u8",
"len": 8192,
"init": "randint:0:256"
},
"b": {
"dtype": "u8",
"len": 1024,
"init": "randint:0:256"
},
"c": {
"dtype": "i32",
"len": 512,
"init": "randint:-1000000:1000000"
},
"d": {
"dtype": "i32",
"len": 512,
"init": "zeros"
}
},
"ptx": true
},
{
"name": "wgmma/m64n24k32.s32.u8.s8.ss.sw128.v00",
"repo": "ptx-rs/ptx",
"source": "modules/m64n24k32_s32_u8_s8_ss.ptx",
"nvcc_flags": [],
"entry": "k",
"grid": [
1,
1,
1
],
"block": [
128,
1,
1
],
"shared_bytes": 11264,
"args": [
{
"buf": "a"
},
{
"buf": "b"
},
{
"buf": "c"
},
{
"buf": "d"
},
{
"u64": 4611686293305360384
},
{
"u64": 4611686293305360384
},
{
"u32": 8192
},
{
"u32": 3072
},
{
"u32": 1
}
],
"buffers": {
"a": {
"dtype": "u8",
"len": 8192,
"init": "randint:0:256"
},
"b": {
"dtype": "u8",
"len": 3072,
"init": "randint:0:256"
},
"c": {
"dtype": "i32",
"len": 1536,
"init": "randint:-1000000:1000000"
},
"d": {
"dtype": "i32",
"len": 1536,
"init": "zeros"
}
},
"ptx": true
},
{
"name": "wgmma/m64n64k32.s32.u8.s8.ss.sw128.v00",
"repo": "ptx-rs/ptx",
"source": "modules/m64n64k32_s32_u8_s8_ss.ptx",
"nvcc_flags": [],
"entry": "k",
"grid": [
1,
1,
1
],
"block": [
128,
1,
1
],
"shared_bytes": 16384,
"args": [
{
"buf": "a"
},
{
"buf": "b"
},
{
"buf": "c"
},
{
"buf": "d"
},
{
"u64": 4611686293305360384
},
{
"u64": 4611686293305360384
},
{
"u32": 8192
},
{
"u32": 8192
},
{
"u32": 1
}
],
"buffers": {
"a": {
"dtype": "u8",
"len": 8192,
"init": "randint:0:256"
},
"b": {
"dtype": "u8",
"len": 8192,
"init": "randint:0:256"
},
"c": {
"dtype": "i32",
"len": 4096,
"init": "randint:-1000000:1000000"
},
"d": {
"dtype": "i32",
"len": 4096,
"init": "zeros"
}
},
"ptx": true
},
{
"name": "wgmma/m64n256k32.s32.u8.s8.ss.sw128.v00",
"repo": "ptx-rs/ptx",
"source": "modules/m64n256k32_s32_u8_s8_ss.ptx",
"nvcc_flags": [],
"entry": "k",
"grid": [
1,
1,
1
],
"block": [
128,
1,
1
],
"shared_bytes": 40960,
"args": [
{
"buf": "a"
},
{
"buf": "b"
},
{
"buf": "c"
},
{
"buf": "d"
},
{
"u64": 4611686293305360384
},
{
"u64": 4611686293305360384
},
{
"u32": 8192
},
{
"u32": 32768
},
{
"u32": 1
}
],
"buffers": {
"a": {
"dtype": "u8",
"len": 8192,
"init": "randint:0:256"
},
"b": {
"dtype": "u8",
"len": 32768,
"init": "randint:0:256"
},
"c": {
"dtype": "i32",
"len": 16384,
"init": "randint:-1000000:1000000"
},
"d": {
"dtype": "i32",
"len": 16384,
"init": "zeros"
}
},
"ptx": true
},
{
"name": "wgmma/m64n32k32.s32.u8.s8.satfinite.ss.sw128.v00",
"repo": "ptx-rs/ptx",
"source": "modules/m64n32k32_s32_u8_s8_satfinite_ss.ptx",
"nvcc_flags": [],
"entry": "k",
"grid": [
1,
1,
1
],
"block": [
128,
1,
1
],
"shared_bytes": 12288,
"args": [
{
"buf": "a"
},
{
"buf": "b"
},
{
"buf": "c"
},
{
"buf": "d"
},
{
"u64": 4611686293305360384
},
{
"u64": 4611686293305360384
},
{
"u32": 8192
},
{
"u32": 4096
},
{
"u32": 1
}
],
"buffers": {
"a": {
"dtype": "u8",
"len": 8192,
"init": "randint:0:256"
},
"b": {
"dtype": "u8",
"len": 4096,
"init": "randint:0:256"
},
"c": {
"dtype": "i32",
"len": 2048,
"init": "randint:2147000000:2147483647"
},
"d": {
"dtype": "i32",
"len": 2048,
"init": "zeros"
}
},
"ptx": true
},
{
"name": "wgmma/m64n8k32.s32.u8.u8.ss.sw128.v00",
"repo": "ptx-rs/ptx",
"source": "modules/m64n8k32_s32_u8_u8_ss.ptx",
"nvcc_flags": [],
"entry": "k",
"grid": [
1,
1,
1
],
"block": [
128,
1,
1
],
"shared_bytes": 9216,
"args": [
{
"buf": "a"
},
{
"buf": "b"
},
{
"buf": "c"
},
{
"buf": "d"
},
{
"u64": 4611686293305360384
},
{
"u64": 4611686293305360384
},
{
"u32": 8192
},
{
"u32": 1024
},
{
"u32": 1
}
],
"buffers": {
"a": {
"dtype": "u8",
"len": 8192,
"init": "randint:0:256"
},
"b": {
"dtype": "u8",
"len": 1024,
"init": "randint:0:256"
},
"c": {
"dtype": "i32",
"len": 512,
"init": "randint:-1000000:1000000"
},
"d": {
"dtype": "i32",
"len": 512,
"init": "zeros"
}
},
"ptx": true
},
{
"name": "wgmma/m64n24k32.s32.u8.u8.ss.sw128.v00",
"repo": "ptx-rs/ptx",
"source": "modules/m64n24k32_s32_u8_u8_ss.ptx",
"nvcc_flags": [],
"entry": "k",
"grid": [
1,
1,
1
],
"block": [
128,
1,
1
],
"shared_bytes": 11264,
"args": [
{
"buf": "a"
},
{
"buf": "b"
},
{
"buf": "c"
},
{
"buf": "d"
},
{
"u64": 4611686293305360384
},
{
"u64": 4611686293305360384
},
{
"u32": 8192
},
{
"u32": 3072
},
{
"u32": 1
}
],
"buffers": {
"a": {
"dtype": "u8",
"len": 8192,
"init": "randint:0:256"
},
"b": {
"dtype": "u8",
"len": 3072,
"init": "randint:0:256"
},
"c": {
"dtype": "i32",
"len": 1536,
"init": "randint:-1000000:1000000"
},
"d": {
"dtype": "i32",
"len": 1536,
"init": "zeros"
}
},
"ptx": true
},
{
"name": "wgmma/m64n64k32.s32.u8.u8.ss.sw128.v00",
"repo": "ptx-rs/ptx",
"source": "modules/m64n64k32_s32_u8_u8_ss.ptx",
"nvcc_flags": [],
"entry": "k",
"grid": [
1,
1,
1
],
"block": [
128,
1,
1
],
"shared_bytes": 16384,
"args": [
{
"buf": "a"
},
{
"buf": "b"
},
{
"buf": "c"
},
{
"buf": "d"
},
{
"u64": 4611686293305360384
},
{
"u64": 4611686293305360384
},
{
"u32": 8192
},
{
"u32": 8192
},
{
"u32": 1
}
],
"buffers": {
"a": {
"dtype": "u8",
"len": 8192,
"init": "randint:0:256"
},
"b": {
"dtype": "u8",
"len": 8192,
"init": "randint:0:256"
},
"c": {
"dtype": "i32",
"len": 4096,
"init": "randint:-1000000:1000000"
},
"d": {
"dtype": "i32",
"len": 4096,
"init": "zeros"
}
},
"ptx": true
},
{
"name": "wgmma/m64n256k32.s32.u8.u8.ss.sw128.v00",
"repo": "ptx-rs/ptx",
"source": "modules/m64n256k32_s32_u8_u8_ss.ptx",
"nvcc_flags": [],
"entry": "k",
"grid": [
1,
1,
1
],
"block": [
128,
1,
1
],
"shared_bytes": 40960,
"args": [
{
"buf": "a"
},
{
"buf": "b"
},
{
"buf": "c"
},
{
"buf": "d"
},
{
"u64": 4611686293305360384
},
{
"u64": 4611686293305360384
},
{
"u32": 8192
},
{
"u32": 32768
},
{
"u32": 1
}
],
"buffers": {
"a": {
"dtype": "u8",
"len": 8192,
"init": "randint:0:256"
},
"b": {
"dtype": "u8",
"len": 32768,
"init": "randint:0:256"
},
"c": {
"dtype": "i32",
"len": 16384,
"init": "randint:-1000000:1000000"
},
"d": {
"dtype": "i32",
"len": 16384,
"init": "zeros"
}
},
"ptx": true
},
{
"name": "wgmma/m64n32k32.s32.u8.u8.satfinite.ss.sw128.v00",
"repo": "ptx-rs/ptx",
"source": "modules/m64n32k32_s32_u8_u8_satfinite_ss.ptx",
"nvcc_flags": [],
"entry": "k",
"grid": [
1,
1,
1
],
"block": [
128,
1,
1
],
"shared_bytes": 12288,
"args": [
{
"buf": "a"
},
{
"buf": "b"
},
{
"buf": "c"
},
{
"buf": "d"
},
{
"u64": 4611686293305360384
},
{
"u64": 4611686293305360384
},
{
"u32": 8192
},
{
"u32": 4096
},
{
"u32": 1
}
],
"buffers": {
"a": {
"dtype": "u8",
"len": 8192,
"init": "randint:0:256"
},
"b": {
"dtype": "u8",
"len": 4096,
"init": "randint:0:256"
},
"c": {
"dtype": "i32",
"len": 2048,
"init": "randint:2147000000:2147483647"
},
"d": {
"dtype": "i32",
"len": 2048,
"init": "zeros"
}
},
"ptx": true
},
{
"name": "wgmma/m64n8k256.s32.b1.b1.ss.sw128.v00",
"repo": "ptx-rs/ptx",
"source": "modules/m64n8k256_s32_b1_b1_ss.ptx",
"nvcc_flags": [],
"entry": "k",
"grid": [
1,
1,
1
],
"block": [
128,
1,
1
],
"shared_bytes": 9216,
"args": [
{
"buf": "a"
},
{
"buf": "b"
},
{
"buf": "c"
},
{
"buf": "d"
},
{
"u64": 4611686293305360384
},
{
"u64": 4611686293305360384
},
{
"u32": 8192
},
{
"u32": 1024
},
{
"u32": 1
}
],
"buffers": {
"a": {
"dtype": "u32",
"len": 2048,
"init": "randint:0:4294967296"
},
"b": {
"dtype": "u32",
"len": 256,
"init": "randint:0:4294967296"
},
"c": {
"dtype": "i32",
"len": 512,
"init": "randint:-1000000:1000000"
},
"d": {
"dtype": "i32",
"len": 512,
"init": "zeros"
}
},
"ptx": true
},
{
"name": "wgmma/m64n64k256.s32.b1.b1.ss.sw128.v00",
"repo": "ptx-rs/ptx",
"source": "modules/m64n64k256_s32_b1_b1_ss.ptx",
"nvcc_flags": [],
"entry": "k",
"grid": [
1,
1,
1
],
"block": [
128,
1,
1
],
"shared_bytes": 16384,
"args": [
{
"buf": "a"
},
{
"buf": "b"
},
{
"buf": "c"
},
{
"buf": "d"
},
{
"u64": 4611686293305360384
},
{
"u64": 4611686293305360384
},
{
"u32": 8192
},
{
"u32": 8192
},
{
"u32": 1
}
],
"buffers": {
"a": {
"dtype": "u32",
"len": 2048,
"init": "randint:0:4294967296"
},
"b": {
"dtype": "u32",
"len": 2048,
"init": "randint:0:4294967296"
},
"c": {
"dtype": "i32",
"len": 4096,
"init": "randint:-1000000:1000000"
},
"d": {
"dtype": "i32",
"len": 4096,
"init": "zeros"
}
},
"ptx": true
},
{
"name": "wgmma/m64n256k256.s32.b1.b1.ss.sw128.v00",
"repo": "ptx-rs/ptx",
"source": "modules/m64n256k256_s32_b1_b1_ss.ptx",
"nvcc_flags": [],
"entry": "k",
"grid": [
1,
1,
1
],
"block": [
128,
1,
1
],
"shared_bytes": 40960,
"args": [
{
"buf": "a"
},
{
"buf": "b"
},
{
"buf": "c"
},
{
"buf": "d"
},
{
"u64": 4611686293305360384
},
{
"u64": 4611686293305360384
},
{
"u32": 8192
},
{
"u32": 32768
},
{
"u32": 1
}
],
"buffers": {
"a": {
"dtype": "u32",
"len": 2048,
"init": "randint:0:4294967296"
},
"b": {
"dtype": "u32",
"len": 8192,
"init": "randint:0:4294967296"
},
"c": {
"dtype": "i32",
"len": 16384,
"init": "randint:-1000000:1000000"
},
"d": {
"dtype": "i32",
"len": 16384,
"init": "zeros"
}
},
"ptx": true
},
{
"name": "wgmma/m64n64k16.f32.f16.f16.ss.ta0.tb0.sa1.sb1.sw0.v00",
"repo": "ptx-rs/ptx",
"source": "modules/m64n64k16_f32_f16_f16_ss_ta0_tb0_sa1_sb1.ptx",
"nvcc_flags": [],
"entry": "k",
"grid": [
1,
1,
1
],
"block": [
128,
1,
1
],
"shared_bytes": 4096,
"args": [
{
"buf": "a"
},
{
"buf": "b"
},
{
"buf": "c"
},
{
"buf": "d"
},
{
"u64": 68720001024
},
{
"u64": 68720001024
},
{
"u32": 2048
},
{
"u32": 2048
},
{
"u32": 1
}
],
"buffers": {
"a": {
"dtype": "f16",
"len": 1024,
"init": "normal"
},
"b": {
"dtype": "f16",
"len": 1024,
"init": "normal"
},
"c": {
"dtype": "f32",
"len": 4096,
"init": "normal"
},
"d": {
"dtype": "f32",
"len": 4096,
"init": "zeros"
}
},
"ptx": true
},
{
"name": "wgmma/m64n64k16.f32.f16.f16.ss.ta0.tb1.sa1.sb1.sw0.v00",
"repo": "ptx-rs/ptx",
"source": "modules/m64n64k16_f32_f16_f16_ss_ta0_tb1_sa1_sb1.ptx",
"nvcc_flags": [],
"entry": "k",
"grid": [
1,
1,
1
],
"block": [
128,
1,
1
],
"shared_bytes": 4096,
"args": [
{
"buf": "a"
},
{
"buf": "b"
},
{
"buf": "c"
},
{
"buf": "d"
},
{
"u64": 68720001024
},
{
"u64": 34363932672
},
{
"u32": 2048
},
{
"u32": 2048
},
{
"u32": 1
}
],
"buffers": {
"a": {
"dtype": "f16",
"len": 1024,
"init": "normal"
},
"b": {
"dtype": "f16",
"len": 1024,
"init": "normal"
},
"c": {
"dtype": "f32",
"len": 4096,
"init": "normal"
},
"d": {
"dtype": "f32",
"len": 4096,
"init": "zeros"
}
},
"ptx": true
},
{
"name": "wgmma/m64n64k16.f32.f16.f16.ss.ta1.tb0.sa1.sb1.sw0.v00",
"repo": "ptx-rs/ptx",
"source": "modules/m64n64k16_f32_f16_f16_ss_ta1_tb0_sa1_sb1.ptx",
"nvcc_flags": [],
"entry": "k",
"grid": [
1,
1,
1
],
"block": [
128,
1,
1
],
"shared_bytes": 4096,
"args": [
{
"buf": "a"
},
{
"buf": "b"
},
{
"buf": "c"
},
{
"buf": "d"
},
{
"u64": 34363932672
},
{
"u64": 68720001024
},
{
"u32": 2048
},
{
"u32": 2048
},
{
"u32": 1
}
],
"buffers": {
"a": {
"dtype": "f16",
"len": 1024,
"init": "normal"
},
"b": {
"dtype": "f16",
"len": 1024,
"init": "normal"
},
"c": {
"dtype": "f32",
"len": 4096,
"init": "normal"
},
"d": {
"dtype": "f32",
"len": 4096,
"init": "zeros"
}
},
"ptx": true
},
{
"name": "wgmma/m64n64k16.f32.f16.f16.ss.ta1.tb1.sa1.sb1.sw0.v00",
"repo": "ptx-rs/ptx",
"source": "modules/m64n64k16_f32_f16_f16_ss_ta1_tb1_sa1_sb1.ptx",
"nvcc_flags": [],
"entry": "k",
"grid": [
1,
1,
1
],
"block": [
128,
1,
1
],
"shared_bytes": 4096,
"args": [
{
"buf": "a"
},
{
"buf": "b"
},
{
"buf": "c"
},
{
"buf": "d"
},
{
"u64": 34363932672
},
{
"u64": 34363932672
},
{
"u32": 2048
},
{
"u32": 2048
},
{
"u32": 1
}
],
"buffers": {
"a": {
"dtype": "f16",
"len": 1024,
"init": "normal"
},
"b": {
"dtype": "f16",
"len": 1024,
"init": "normal"
},
"c": {
"dtype": "f32",
"len": 4096,
"init": "normal"
},
"d": {
"dtype": "f32",
"len": 4096,
"init": "zeros"
}
},
"ptx": true
},
{
"name": "wgmma/m64n32k16.f32.f16.f16.ss.ta1.tb1.sa1.sb1.sw0.v11",
"repo": "ptx-rs/ptx",
"source": "modules/m64n32k16_f32_f16_f16_ss_ta1_tb1_sa1_sb1.ptx",
"nvcc_flags": [],
"entry": "k",
"grid": [
1,
1,
1
],
"block": [
128,
1,
1
],
"shared_bytes": 3072,
"args": [
{
"buf": "a"
},
{
"buf": "b"
},
{
"buf": "c"
},
{
"buf": "d"
},
{
"u64": 68720001024
},
{
"u64": 68720001024
},
{
"u32": 2048
},
{
"u32": 1024
},
{
"u32": 1
}
],
"buffers": {
"a": {
"dtype": "f16",
"len": 1024,
"init": "normal"
},
"b": {
"dtype": "f16",
"len": 512,
"init": "normal"
},
"c": {
"dtype": "f32",
"len": 2048,
"init": "normal"
},
"d": {
"dtype": "f32",
"len": 2048,
"init": "zeros"
}
},
"ptx": true
},
{
"name": "wgmma/m64n32k16.f32.f16.f16.ss.ta0.tb0.sa1.sb1.sw0.v11",
"repo": "ptx-rs/ptx",
"source": "modules/m64n32k16_f32_f16_f16_ss_ta0_tb0_sa1_sb1.ptx",
"nvcc_flags": [],
"entry": "k",
"grid": [
1,
1,
1
],
"block": [
128,
1,
1
],
"shared_bytes": 5120,
"args": [
{
"buf": "a"
},
{
"buf": "b"
},
{
"buf": "c"
},
{
"buf": "d"
},
{
"u64": 34368126976
},
{
"u64": 34363932672
},
{
"u32": 3072
},
{
"u32": 2048
},
{
"u32": 1
}
],
"buffers": {
"a": {
"dtype": "f16",
"len": 1536,
"init": "normal"
},
"b": {
"dtype": "f16",
"len": 1024,
"init": "normal"
},
"c": {
"dtype": "f32",
"len": 2048,
"init": "normal"
},
"d": {
"dtype": "f32",
"len": 2048,
"init": "zeros"
}
},
"ptx": true
},
{
"name": "wgmma/m64n64k16.f32.f16.f16.ss.ta0.tb0.sa1.sb1.sw32.v00",
"repo": "ptx-rs/ptx",
"source": "modules/m64n64k16_f32_f16_f16_ss_ta0_tb0_sa1_sb1.ptx",
"nvcc_flags": [],
"entry": "k",
"grid": [
1,
1,
1
],
"block": [
128,
1,
1
],
"shared_bytes": 4096,
"args": [
{
"buf": "a"
},
{
"buf": "b"
},
{
"buf": "c"
},
{
"buf": "d"
},
{
"u64": 13835058124001705984
},
{
"u64": 13835058124001705984
},
{
"u32": 2048
},
{
"u32": 2048
},
{
"u32": 1
}
],
"buffers": {
"a": {
"dtype": "f16",
"len": 1024,
"init": "normal"
},
"b": {
"dtype": "f16",
"len": 1024,
"init": "normal"
},
"c": {
"dtype": "f32",
"len": 4096,
"init": "normal"
},
"d": {
"dtype": "f32",
"len": 4096,
"init": "zeros"
}
},
"ptx": true
},
{
"name": "wgmma/m64n64k16.f32.f16.f16.ss.ta0.tb1.sa1.sb1.sw32.v00",
"repo": "ptx-rs/ptx",
"source": "modules/m64n64k16_f32_f16_f16_ss_ta0_tb1_sa1_sb1.ptx",
"nvcc_flags": [],
"entry": "k",
"grid": [
1,
1,
1
],
"block": [
128,
1,
1
],
"shared_bytes": 4096,
"args": [
{
"buf": "a"
},
{
"buf": "b"
},
{
"buf": "c"
},
{
"buf": "d"
},
{
"u64": 13835058124001705984
},
{
"u64": 13835058124003737600
},
{
"u32": 2048
},
{
"u32": 2048
},
{
"u32": 1
}
],
"buffers": {
"a": {
"dtype": "f16",
"len": 1024,
"init": "normal"
},
"b": {
"dtype": "f16",
"len": 1024,
"init": "normal"
},
"c": {
"dtype": "f32",
"len": 4096,
"init": "normal"
},
"d": {
"dtype": "f32",
"len": 4096,
"init": "zeros"
}
},
"ptx": true
},
{
"name": "wgmma/m64n64k16.f32.f16.f16.ss.ta1.tb0.sa1.sb1.sw32.v00",
"repo": "ptx-rs/ptx",
"source": "modules/m64n64k16_f32_f16_f16_ss_ta1_tb0_sa1_sb1.ptx",
"nvcc_flags": [],
"entry": "k",
"grid": [
1,
1,
1
],
"block": [
128,
1,
1
],
"shared_bytes": 4096,
"args": [
{
"buf": "a"
},
{
"buf": "b"
},
{
"buf": "c"
},
{
"buf": "d"
},
{
"u64": 13835058124003737600
},
{
"u64": 13835058124001705984
},
{
"u32": 2048
},
{
"u32": 2048
},
{
"u32": 1
}
],
"buffers": {
"a": {
"dtype": "f16",
"len": 1024,
"init": "normal"
},
"b": {
"dtype": "f16",
"len": 1024,
"init": "normal"
},
"c": {
"dtype": "f32",
"len": 4096,
"init": "normal"
},
"d": {
"dtype": "f32",
"len": 4096,
"init": "zeros"
}
},
"ptx": true
},
{
"name": "wgmma/m64n64k16.f32.f16.f16.ss.ta1.tb1.sa1.sb1.sw32.v00",
"repo": "ptx-rs/ptx",
"source": "modules/m64n64k16_f32_f16_f16_ss_ta1_tb1_sa1_sb1.ptx",
"nvcc_flags": [],
"entry": "k",
"grid": [
1,
1,
1
],
"block": [
128,
1,
1
],
"shared_bytes": 4096,
"args": [
{
"buf": "a"
},
{
"buf": "b"
},
{
"buf": "c"
},
{
"buf": "d"
},
{
"u64": 13835058124003737600
},
{
"u64": 13835058124003737600
},
{
"u32": 2048
},
{
"u32": 2048
},
{
"u32": 1
}
],
"buffers": {
"a": {
"dtype": "f16",
"len": 1024,
"init": "normal"
},
"b": {
"dtype": "f16",
"len": 1024,
"init": "normal"
},
"c": {
"dtype": "f32",
"len": 4096,
"init": "normal"
},
"d": {
"dtype": "f32",
"len": 4096,
"init": "zeros"
}
},
"ptx": true
},
{
"name": "wgmma/m64n32k16.f32.f16.f16.ss.ta1.tb1.sa1.sb1.sw32.v11",
"repo": "ptx-rs/ptx",
"source": "modules/m64n32k16_f32_f16_f16_ss_ta1_tb1_sa1_sb1.ptx",
"nvcc_flags": [],
"entry": "k",
"grid": [
1,
1,
1
],
"block": [
128,
1,
1
],
"shared_bytes": 3072,
"args": [
{
"buf": "a"
},
{
"buf": "b"
},
{
"buf": "c"
},
{
"buf": "d"
},
{
"u64": 13835058330161119232
},
{
"u64": 13835058192722165760
},
{
"u32": 2048
},
{
"u32": 1024
},
{
"u32": 1
}
],
"buffers": {
"a": {
"dtype": "f16",
"len": 1024,
"init": "normal"
},
"b": {
"dtype": "f16",
"len": 512,
"init": "normal"
},
"c": {
"dtype": "f32",
"len": 2048,
"init": "normal"
},
"d": {
"dtype": "f32",
"len": 2048,
"init": "zeros"
}
},
"ptx": true
},
{
"name": "wgmma/m64n32k16.f32.f16.f16.ss.ta0.tb0.sa1.sb1.sw32.v11",
"repo": "ptx-rs/ptx",
"source": "modules/m64n32k16_f32_f16_f16_ss_ta0_tb0_sa1_sb1.ptx",
"nvcc_flags": [],
"entry": "k",
"grid": [
1,
1,
1
],
"block": [
128,
1,
1
],
"shared_bytes": 6144,
"args": [
{
"buf": "a"
},
{
"buf": "b"
},
{
"buf": "c"
},
{
"buf": "d"
},
{
"u64": 13835058192721182720
},
{
"u64": 13835058192721182720
},
{
"u32": 4096
},
{
"u32": 2048
},
{
"u32": 1
}
],
"buffers": {
"a": {
"dtype": "f16",
"len": 2048,
"init": "normal"
},
"b": {
"dtype": "f16",
"len": 1024,
"init": "normal"
},
"c": {
"dtype": "f32",
"len": 2048,
"init": "normal"
},
"d": {
"dtype": "f32",
"len": 2048,
"init": "zeros"
}
},
"ptx": true
},
{
"name": "wgmma/m64n64k16.f32.f16.f16.ss.ta0.tb0.sa1.sb1.sw64.v00",
"repo": "ptx-rs/ptx",
"source": "modules/m64n64k16_f32_f16_f16_ss_ta0_tb0_sa1_sb1.ptx",
"nvcc_flags": [],
"entry": "k",
"grid": [
1,
1,
1
],
"block": [
128,
1,
1
],
"shared_bytes": 8192,
"args": [
{
"buf": "a"
},
{
"buf": "b"
},
{
"buf": "c"
},
{
"buf": "d"
},
{
"u64": 9223372174293794816
},
{
"u64": 9223372174293794816
},
{
"u32": 4096
},
{
"u32": 4096
},
{
"u32": 1
}
],
"buffers": {
"a": {
"dtype": "f16",
"len": 2048,
"init": "normal"
},
"b": {
"dtype": "f16",
"len": 2048,
"init": "normal"
},
"c": {
"dtype": "f32",
"len": 4096,
"init": "normal"
},
"d": {
"dtype": "f32",
"len": 4096,
"init": "zeros"
}
},
"ptx": true
},
{
"name": "wgmma/m64n64k16.f32.f16.f16.ss.ta0.tb1.sa1.sb1.sw64.v00",
"repo": "ptx-rs/ptx",
"source": "modules/m64n64k16_f32_f16_f16_ss_ta0_tb1_sa1_sb1.ptx",
"nvcc_flags": [],
"entry": "k",
"grid": [
1,
1,
1
],
"block": [
128,
1,
1
],
"shared_bytes": 6144,
"args": [
{
"buf": "a"
},
{
"buf": "b"
},
{
"buf": "c"
},
{
"buf": "d"
},
{
"u64": 9223372174293794816
},
{
"u64": 9223372174297923584
},
{
"u32": 4096
},
{
"u32": 2048
},
{
"u32": 1
}
],
"buffers": {
"a": {
"dtype": "f16",
"len": 2048,
"init": "normal"
},
"b": {
"dtype": "f16",
"len": 1024,
"init": "normal"
},
"c": {
"dtype": "f32",
"len": 4096,
"init": "normal"
},
"d": {
"dtype": "f32",
"len": 4096,
"init": "zeros"
}
},
"ptx": true
},
{
"name": "wgmma/m64n64k16.f32.f16.f16.ss.ta1.tb0.sa1.sb1.sw64.v00",
"repo": "ptx-rs/ptx",
"source": "modules/m64n64k16_f32_f16_f16_ss_ta1_tb0_sa1_sb1.ptx",
"nvcc_flags": [],
"entry": "k",
"grid": [
1,
1,
1
],
"block": [
128,
1,
1
],
"shared_bytes": 6144,
"args": [
{
"buf": "a"
},
{
"buf": "b"
},
{
"buf": "c"
},
{
"buf": "d"
},
{
"u64": 9223372174297923584
},
{
"u64": 9223372174293794816
},
{
"u32": 2048
},
{
"u32": 4096
},
{
"u32": 1
}
],
"buffers": {
"a": {
"dtype": "f16",
"len": 1024,
"init": "normal"
},
"b": {
"dtype": "f16",
"len": 2048,
"init": "normal"
},
"c": {
"dtype": "f32",
"len": 4096,
"init": "normal"
},
"d": {
"dtype": "f32",
"len": 4096,
"init": "zeros"
}
},
"ptx": true
},
{
"name": "wgmma/m64n64k16.f32.f16.f16.ss.ta1.tb1.sa1.sb1.sw64.v00",
"repo": "ptx-rs/ptx",
"source": "modules/m64n64k16_f32_f16_f16_ss_ta1_tb1_sa1_sb1.ptx",
"nvcc_flags": [],
"entry": "k",
"grid": [
1,
1,
1
],
"block": [
128,
1,
1
],
"shared_bytes": 4096,
"args": [
{
"buf": "a"
},
{
"buf": "b"
},
{
"buf": "c"
},
{
"buf": "d"
},
{
"u64": 9223372174297923584
},
{
"u64": 9223372174297923584
},
{
"u32": 2048
},
{
"u32": 2048
},
{
"u32": 1
}
],
"buffers": {
"a": {
"dtype": "f16",
"len": 1024,
"init": "normal"
},
"b": {
"dtype": "f16",
"len": 1024,
"init": "normal"
},
"c": {
"dtype": "f32",
"len": 4096,
"init": "normal"
},
"d": {
"dtype": "f32",
"len": 4096,
"init": "zeros"
}
},
"ptx": true
},
{
"name": "wgmma/m64n32k16.f32.f16.f16.ss.ta1.tb1.sa1.sb1.sw64.v11",
"repo": "ptx-rs/ptx",
"source": "modules/m64n32k16_f32_f16_f16_ss_ta1_tb1_sa1_sb1.ptx",
"nvcc_flags": [],
"entry": "k",
"grid": [
1,
1,
1
],
"block": [
128,
1,
1
],
"shared_bytes": 3072,
"args": [
{
"buf": "a"
},
{
"buf": "b"
},
{
"buf": "c"
},
{
"buf": "d"
},
{
"u64": 9223372311734779904
},
{
"u64": 9223372174295826432
},
{
"u32": 2048
},
{
"u32": 1024
},
{
"u32": 1
}
],
"buffers": {
"a": {
"dtype": "f16",
"len": 1024,
"init": "normal"
},
"b": {
"dtype": "f16",
"len": 512,
"init": "normal"
},
"c": {
"dtype": "f32",
"len": 2048,
"init": "normal"
},
"d": {
"dtype": "f32",
"len": 2048,
"init": "zeros"
}
},
"ptx": true
},
{
"name": "wgmma/m64n32k16.f32.f16.f16.ss.ta0.tb0.sa1.sb1.sw64.v11",
"repo": "ptx-rs/ptx",
"source": "modules/m64n32k16_f32_f16_f16_ss_ta0_tb0_sa1_sb1.ptx",
"nvcc_flags": [],
"entry": "k",
"grid": [
1,
1,
1
],
"block": [
128,
1,
1
],
"shared_bytes": 12288,
"args": [
{
"buf": "a"
},
{
"buf": "b"
},
{
"buf": "c"
},
{
"buf": "d"
},
{
"u64": 9223372311732748288
},
{
"u64": 9223372311732748288
},
{
"u32": 8192
},
{
"u32": 4096
},
{
"u32": 1
}
],
"buffers": {
"a": {
"dtype": "f16",
"len": 4096,
"init": "normal"
},
"b": {
"dtype": "f16",
"len": 2048,
"init": "normal"
},
"c": {
"dtype": "f32",
"len": 2048,
"init": "normal"
},
"d": {
"dtype": "f32",
"len": 2048,
"init": "zeros"
}
},
"ptx": true
},
{
"name": "wgmma/m64n64k16.f32.f16.f16.ss.ta0.tb1.sa1.sb1.sw128.v00",
"repo": "ptx-rs/ptx",
"source": "modules/m64n64k16_f32_f16_f16_ss_ta0_tb1_sa1_sb1.ptx",
"nvcc_flags": [],
"entry": "k",
"grid": [
1,
1,
1
],
"block": [
128,
1,
1
],
"shared_bytes": 10240,
"args": [
{
"buf": "a"
},
{
"buf": "b"
},
{
"buf": "c"
},
{
"buf": "d"
},
{
"u64": 4611686293305360384
},
{
"u64": 4611686293313683456
},
{
"u32": 8192
},
{
"u32": 2048
},
{
"u32": 1
}
],
"buffers": {
"a": {
"dtype": "f16",
"len": 4096,
"init": "normal"
},
"b": {
"dtype": "f16",
"len": 1024,
"init": "normal"
},
"c": {
"dtype": "f32",
"len": 4096,
"init": "normal"
},
"d": {
"dtype": "f32",
"len": 4096,
"init": "zeros"
}
},
"ptx": true
},
{
"name": "wgmma/m64n64k16.f32.f16.f16.ss.ta1.tb0.sa1.sb1.sw128.v00",
"repo": "ptx-rs/ptx",
"source": "modules/m64n64k16_f32_f16_f16_ss_ta1_tb0_sa1_sb1.ptx",
"nvcc_flags": [],
"entry": "k",
"grid": [
1,
1,
1
],
"block": [
128,
1,
1
],
"shared_bytes": 10240,
"args": [
{
"buf": "a"
},
{
"buf": "b"
},
{
"buf": "c"
},
{
"buf": "d"
},
{
"u64": 4611686293313683456
},
{
"u64": 4611686293305360384
},
{
"u32": 2048
},
{
"u32": 8192
},
{
"u32": 1
}
],
"buffers": {
"a": {
"dtype": "f16",
"len": 1024,
"init": "normal"
},
"b": {
"dtype": "f16",
"len": 4096,
"init": "normal"
},
"c": {
"dtype": "f32",
"len": 4096,
"init": "normal"
},
"d": {
"dtype": "f32",
"len": 4096,
"init": "zeros"
}
},
"ptx": true
},
{
"name": "wgmma/m64n64k16.f32.f16.f16.ss.ta1.tb1.sa1.sb1.sw128.v00",
"repo": "ptx-rs/ptx",
"source": "modules/m64n64k16_f32_f16_f16_ss_ta1_tb1_sa1_sb1.ptx",
"nvcc_flags": [],
"entry": "k",
"grid": [
1,
1,
1
],
"block": [
128,
1,
1
],
"shared_bytes": 4096,
"args": [
{
"buf": "a"
},
{
"buf": "b"
},
{
"buf": "c"
},
{
"buf": "d"
},
{
"u64": 4611686293313683456
},
{
"u64": 4611686293313683456
},
{
"u32": 2048
},
{
"u32": 2048
},
{
"u32": 1
}
],
"buffers": {
"a": {
"dtype": "f16",
"len": 1024,
"init": "normal"
},
"b": {
"dtype": "f16",
"len": 1024,
"init": "normal"
},
"c": {
"dtype": "f32",
"len": 4096,
"init": "normal"
},
"d": {
"dtype": "f32",
"len": 4096,
"init": "zeros"
}
},
"ptx": true
},
{
"name": "wgmma/m64n32k16.f32.f16.f16.ss.ta1.tb1.sa1.sb1.sw128.v11",
"repo": "ptx-rs/ptx",
"source": "modules/m64n32k16_f32_f16_f16_ss_ta1_tb1_sa1_sb1.ptx",
"nvcc_flags": [],
"entry": "k",
"grid": [
1,
1,
1
],
"block": [
128,
1,
1
],
"shared_bytes": 4096,
"args": [
{
"buf": "a"
},
{
"buf": "b"
},
{
"buf": "c"
},
{
"buf": "d"
},
{
"u64": 4611686293309489152
},
{
"u64": 4611686293309489152
},
{
"u32": 2048
},
{
"u32": 2048
},
{
"u32": 1
}
],
"buffers": {
"a": {
"dtype": "f16",
"len": 1024,
"init": "normal"
},
"b": {
"dtype": "f16",
"len": 1024,
"init": "normal"
},
"c": {
"dtype": "f32",
"len": 2048,
"init": "normal"
},
"d": {
"dtype": "f32",
"len": 2048,
"init": "zeros"
}
},
"ptx": true
},
{
"name": "wgmma/m64n32k16.f32.f16.f16.ss.ta0.tb0.sa1.sb1.sw128.v11",
"repo": "ptx-rs/ptx",
"source": "modules/m64n32k16_f32_f16_f16_ss_ta0_tb0_sa1_sb1.ptx",
"nvcc_flags": [],
"entry": "k",
"grid": [
1,
1,
1
],
"block": [
128,
1,
1
],
"shared_bytes": 22528,
"args": [
{
"buf": "a"
},
{
"buf": "b"
},
{
"buf": "c"
},
{
"buf": "d"
},
{
"u64": 4611686568183267328
},
{
"u64": 4611686568183267328
},
{
"u32": 15360
},
{
"u32": 7168
},
{
"u32": 1
}
],
"buffers": {
"a": {
"dtype": "f16",
"len": 7680,
"init": "normal"
},
"b": {
"dtype": "f16",
"len": 3584,
"init": "normal"
},
"c": {
"dtype": "f32",
"len": 2048,
"init": "normal"
},
"d": {
"dtype": "f32",
"len": 2048,
"init": "zeros"
}
},
"ptx": true
},
{
"name": "wgmma/m64n64k16.f32.bf16.bf16.ss.ta0.tb0.sa1.sb1.sw0.v00",
"repo": "ptx-rs/ptx",
"source": "modules/m64n64k16_f32_bf16_bf16_ss_ta0_tb0_sa1_sb1.ptx",
"nvcc_flags": [],
"entry": "k",
"grid": [
1,
1,
1
],
"block": [
128,
1,
1
],
"shared_bytes": 4096,
"args": [
{
"buf": "a"
},
{
"buf": "b"
},
{
"buf": "c"
},
{
"buf": "d"
},
{
"u64": 68720001024
},
{
"u64": 68720001024
},
{
"u32": 2048
},
{
"u32": 2048
},
{
"u32": 1
}
],
"buffers": {
"a": {
"dtype": "bf16",
"len": 1024,
"init": "normal"
},
"b": {
"dtype": "bf16",
"len": 1024,
"init": "normal"
},
"c": {
"dtype": "f32",
"len": 4096,
"init": "normal"
},
"d": {
"dtype": "f32",
"len": 4096,
"init": "zeros"
}
},
"ptx": true
},
{
"name": "wgmma/m64n64k16.f32.bf16.bf16.ss.ta0.tb1.sa1.sb1.sw0.v00",
"repo": "ptx-rs/ptx",
"source": "modules/m64n64k16_f32_bf16_bf16_ss_ta0_tb1_sa1_sb1.ptx",
"nvcc_flags": [],
"entry": "k",
"grid": [
1,
1,
1
],
"block": [
128,
1,
1
],
"shared_bytes": 4096,
"args": [
{
"buf": "a"
},
{
"buf": "b"
},
{
"buf": "c"
},
{
"buf": "d"
},
{
"u64": 68720001024
},
{
"u64": 34363932672
},
{
"u32": 2048
},
{
"u32": 2048
},
{
"u32": 1
}
],
"buffers": {
"a": {
"dtype": "bf16",
"len": 1024,
"init": "normal"
},
"b": {
"dtype": "bf16",
"len": 1024,
"init": "normal"
},
"c": {
"dtype": "f32",
"len": 4096,
"init": "normal"
},
"d": {
"dtype": "f32",
"len": 4096,
"init": "zeros"
}
},
"ptx": true
},
{
"name": "wgmma/m64n64k16.f32.bf16.bf16.ss.ta1.tb0.sa1.sb1.sw0.v00",
"repo": "ptx-rs/ptx",
"source": "modules/m64n64k16_f32_bf16_bf16_ss_ta1_tb0_sa1_sb1.ptx",
"nvcc_flags": [],
"entry": "k",
"grid": [
1,
1,
1
],
"block": [
128,
1,
1
],
"shared_bytes": 4096,
"args": [
{
"buf": "a"
},
{
"buf": "b"
},
{
"buf": "c"
},
{
"buf": "d"
},
{
"u64": 34363932672
},
{
"u64": 68720001024
},
{
"u32": 2048
},
{
"u32": 2048
},
{
"u32": 1
}
],
"buffers": {
"a": {
"dtype": "bf16",
"len": 1024,
"init": "normal"
},
"b": {
"dtype": "bf16",
"len": 1024,
"init": "normal"
},
"c": {
"dtype": "f32",
"len": 4096,
"init": "normal"
},
"d": {
"dtype": "f32",
"len": 4096,
"init": "zeros"
}
},
"ptx": true
},
{
"name": "wgmma/m64n64k16.f32.bf16.bf16.ss.ta1.tb1.sa1.sb1.sw0.v00",
"repo": "ptx-rs/ptx",
"source": "modules/m64n64k16_f32_bf16_bf16_ss_ta1_tb1_sa1_sb1.ptx",
"nvcc_flags": [],
"entry": "k",
"grid": [
1,
1,
1
],
"block": [
128,
1,
1
],
"shared_bytes": 4096,
"args": [
{
"buf": "a"
},
{
"buf": "b"
},
{
"buf": "c"
},
{
"buf": "d"
},
{
"u64": 34363932672
},
{
"u64": 34363932672
},
{
"u32": 2048
},
{
"u32": 2048
},
{
"u32": 1
}
],
"buffers": {
"a": {
"dtype": "bf16",
"len": 1024,
"init": "normal"
},
"b": {
"dtype": "bf16",
"len": 1024,
"init": "normal"
},
"c": {
"dtype": "f32",
"len": 4096,
"init": "normal"
},
"d": {
"dtype": "f32",
"len": 4096,
"init": "zeros"
}
},
"ptx": true
},
{
"name": "wgmma/m64n32k16.f32.bf16.bf16.ss.ta1.tb1.sa1.sb1.sw0.v11",
"repo": "ptx-rs/ptx",
"source": "modules/m64n32k16_f32_bf16_bf16_ss_ta1_tb1_sa1_sb1.ptx",
"nvcc_flags": [],
"entry": "k",
"grid": [
1,
1,
1
],
"block": [
128,
1,
1
],
"shared_bytes": 3072,
"args": [
{
"buf": "a"
},
{
"buf": "b"
},
{
"buf": "c"
},
{
"buf": "d"
},
{
"u64": 68720001024
},
{
"u64": 68720001024
},
{
"u32": 2048
},
{
"u32": 1024
},
{
"u32": 1
}
],
"buffers": {
"a": {
"dtype": "bf16",
"len": 1024,
"init": "normal"
},
"b": {
"dtype": "bf16",
"len": 512,
"init": "normal"
},
"c": {
"dtype": "f32",
"len": 2048,
"init": "normal"
},
"d": {
"dtype": "f32",
"len": 2048,
"init": "zeros"
}
},
"ptx": true
},
{
"name": "wgmma/m64n32k16.f32.bf16.bf16.ss.ta0.tb0.sa1.sb1.sw0.v11",
"repo": "ptx-rs/ptx",
"source": "modules/m64n32k16_f32_bf16_bf16_ss_ta0_tb0_sa1_sb1.ptx",
"nvcc_flags": [],
"entry": "k",
"grid": [
1,
1,
1
],
"block": [
128,
1,
1
],
"shared_bytes": 5120,
"args": [
{
"buf": "a"
},
{
"buf": "b"
},
{
"buf": "c"
},
{
"buf": "d"
},
{
"u64": 34368126976
},
{
"u64": 34363932672
},
{
"u32": 3072
},
{
"u32": 2048
},
{
"u32": 1
}
],
"buffers": {
"a": {
"dtype": "bf16",
"len": 1536,
"init": "normal"
},
"b": {
"dtype": "bf16",
"len": 1024,
"init": "normal"
},
"c": {
"dtype": "f32",
"len": 2048,
"init": "normal"
},
"d": {
"dtype": "f32",
"len": 2048,
"init": "zeros"
}
},
"ptx": true
},
{
"name": "wgmma/m64n64k16.f32.bf16.bf16.ss.ta0.tb0.sa1.sb1.sw32.v00",
"repo": "ptx-rs/ptx",
"source": "modules/m64n64k16_f32_bf16_bf16_ss_ta0_tb0_sa1_sb1.ptx",
"nvcc_flags": [],
"entry": "k",
"grid": [
1,
1,
1
],
"block": [
128,
1,
1
],
"shared_bytes": 4096,
"args": [
{
"buf": "a"
},
{
"buf": "b"
},
{
"buf": "c"
},
{
"buf": "d"
},
{
"u64": 13835058124001705984
},
{
"u64": 13835058124001705984
},
{
"u32": 2048
},
{
"u32": 2048
},
{
"u32": 1
}
],
"buffers": {
"a": {
"dtype": "bf16",
"len": 1024,
"init": "normal"
},
"b": {
"dtype": "bf16",
"len": 1024,
"init": "normal"
},
"c": {
"dtype": "f32",
"len": 4096,
"init": "normal"
},
"d": {
"dtype": "f32",
"len": 4096,
"init": "zeros"
}
},
"ptx": true
},
{
"name": "wgmma/m64n64k16.f32.bf16.bf16.ss.ta0.tb1.sa1.sb1.sw32.v00",
"repo": "ptx-rs/ptx",
"source": "modules/m64n64k16_f32_bf16_bf16_ss_ta0_tb1_sa1_sb1.ptx",
"nvcc_flags": [],
"entry": "k",
"grid": [
1,
1,
1
],
"block": [
128,
1,
1
],
"shared_bytes": 4096,
"args": [
{
"buf": "a"
},
{
"buf": "b"
},
{
"buf": "c"
},
{
"buf": "d"
},
{
"u64": 13835058124001705984
},
{
"u64": 13835058124003737600
},
{
"u32": 2048
},
{
"u32": 2048
},
{
"u32": 1
}
],
"buffers": {
"a": {
"dtype": "bf16",
"len": 1024,
"init": "normal"
},
"b": {
"dtype": "bf16",
"len": 1024,
"init": "normal"
},
"c": {
"dtype": "f32",
"len": 4096,
"init": "normal"
},
"d": {
"dtype": "f32",
"len": 4096,
"init": "zeros"
}
},
"ptx": true
},
{
"name": "wgmma/m64n64k16.f32.bf16.bf16.ss.ta1.tb0.sa1.sb1.sw32.v00",
"repo": "ptx-rs/ptx",
"source": "modules/m64n64k16_f32_bf16_bf16_ss_ta1_tb0_sa1_sb1.ptx",
"nvcc_flags": [],
"entry": "k",
"grid": [
1,
1,
1
],
"block": [
128,
1,
1
],
"shared_bytes": 4096,
"args": [
{
"buf": "a"
},
{
"buf": "b"
},
{
"buf": "c"
},
{
"buf": "d"
},
{
"u64": 13835058124003737600
},
{
"u64": 13835058124001705984
},
{
"u32": 2048
},
{
"u32": 2048
},
{
"u32": 1
}
],
"buffers": {
"a": {
"dtype": "bf16",
"len": 1024,
"init": "normal"
},
"b": {
"dtype": "bf16",
"len": 1024,
"init": "normal"
},
"c": {
"dtype": "f32",
"len": 4096,
"init": "normal"
},
"d": {
"dtype": "f32",
"len": 4096,
"init": "zeros"
}
},
"ptx": true
},
{
"name": "wgmma/m64n64k16.f32.bf16.bf16.ss.ta1.tb1.sa1.sb1.sw32.v00",
"repo": "ptx-rs/ptx",
"source": "modules/m64n64k16_f32_bf16_bf16_ss_ta1_tb1_sa1_sb1.ptx",
"nvcc_flags": [],
"entry": "k",
"grid": [
1,
1,
1
],
"block": [
128,
1,
1
],
"shared_bytes": 4096,
"args": [
{
"buf": "a"
},
{
"buf": "b"
},
{
"buf": "c"
},
{
"buf": "d"
},
{
"u64": 13835058124003737600
},
{
"u64": 13835058124003737600
},
{
"u32": 2048
},
{
"u32": 2048
},
{
"u32": 1
}
],
"buffers": {
"a": {
"dtype": "bf16",
"len": 1024,
"init": "normal"
},
"b": {
"dtype": "bf16",
"len": 1024,
"init": "normal"
},
"c": {
"dtype": "f32",
"len": 4096,
"init": "normal"
},
"d": {
"dtype": "f32",
"len": 4096,
"init": "zeros"
}
},
"ptx": true
},
{
"name": "wgmma/m64n32k16.f32.bf16.bf16.ss.ta1.tb1.sa1.sb1.sw32.v11",
"repo": "ptx-rs/ptx",
"source": "modules/m64n32k16_f32_bf16_bf16_ss_ta1_tb1_sa1_sb1.ptx",
"nvcc_flags": [],
"entry": "k",
"grid": [
1,
1,
1
],
"block": [
128,
1,
1
],
"shared_bytes": 3072,
"args": [
{
"buf": "a"
},
{
"buf": "b"
},
{
"buf": "c"
},
{
"buf": "d"
},
{
"u64": 13835058330161119232
},
{
"u64": 13835058192722165760
},
{
"u32": 2048
},
{
"u32": 1024
},
{
"u32": 1
}
],
"buffers": {
"a": {
"dtype": "bf16",
"len": 1024,
"init": "normal"
},
"b": {
"dtype": "bf16",
"len": 512,
"init": "normal"
},
"c": {
"dtype": "f32",
"len": 2048,
"init": "normal"
},
"d": {
"dtype": "f32",
"len": 2048,
"init": "zeros"
}
},
"ptx": true
},
{
"name": "wgmma/m64n32k16.f32.bf16.bf16.ss.ta0.tb0.sa1.sb1.sw32.v11",
"repo": "ptx-rs/ptx",
"source": "modules/m64n32k16_f32_bf16_bf16_ss_ta0_tb0_sa1_sb1.ptx",
"nvcc_flags": [],
"entry": "k",
"grid": [
1,
1,
1
],
"block": [
128,
1,
1
],
"shared_bytes": 6144,
"args": [
{
"buf": "a"
},
{
"buf": "b"
},
{
"buf": "c"
},
{
"buf": "d"
},
{
"u64": 13835058192721182720
},
{
"u64": 13835058192721182720
},
{
"u32": 4096
},
{
"u32": 2048
},
{
"u32": 1
}
],
"buffers": {
"a": {
"dtype": "bf16",
"len": 2048,
"init": "normal"
},
"b": {
"dtype": "bf16",
"len": 1024,
"init": "normal"
},
"c": {
"dtype": "f32",
"len": 2048,
"init": "normal"
},
"d": {
"dtype": "f32",
"len": 2048,
"init": "zeros"
}
},
"ptx": true
},
{
"name": "wgmma/m64n64k16.f32.bf16.bf16.ss.ta0.tb0.sa1.sb1.sw64.v00",
"repo": "ptx-rs/ptx",
"source": "modules/m64n64k16_f32_bf16_bf16_ss_ta0_tb0_sa1_sb1.ptx",
"nvcc_flags": [],
"entry": "k",
"grid": [
1,
1,
1
],
"block": [
128,
1,
1
],
"shared_bytes": 8192,
"args": [
{
"buf": "a"
},
{
"buf": "b"
},
{
"buf": "c"
},
{
"buf": "d"
},
{
"u64": 9223372174293794816
},
{
"u64": 9223372174293794816
},
{
"u32": 4096
},
{
"u32": 4096
},
{
"u32": 1
}
],
"buffers": {
"a": {
"dtype": "bf16",
"len": 2048,
"init": "normal"
},
"b": {
"dtype": "bf16",
"len": 2048,
"init": "normal"
},
"c": {
"dtype": "f32",
"len": 4096,
"init": "normal"
},
"d": {
"dtype": "f32",
"len": 4096,
"init": "zeros"
}
},
"ptx": true
},
{
"name": "wgmma/m64n64k16.f32.bf16.bf16.ss.ta0.tb1.sa1.sb1.sw64.v00",
"repo": "ptx-rs/ptx",
"source": "modules/m64n64k16_f32_bf16_bf16_ss_ta0_tb1_sa1_sb1.ptx",
"nvcc_flags": [],
"entry": "k",
"grid": [
1,
1,
1
],
"block": [
128,
1,
1
],
"shared_bytes": 6144,
"args": [
{
"buf": "a"
},
{
"buf": "b"
},
{
"buf": "c"
},
{
"buf": "d"
},
{
"u64": 9223372174293794816
},
{
"u64": 9223372174297923584
},
{
"u32": 4096
},
{
"u32": 2048
},
{
"u32": 1
}
],
"buffers": {
"a": {
"dtype": "bf16",
"len": 2048,
"init": "normal"
},
"b": {
"dtype": "bf16",
"len": 1024,
"init": "normal"
},
"c": {
"dtype": "f32",
"len": 4096,
"init": "normal"
},
"d": {
"dtype": "f32",
"len": 4096,
"init": "zeros"
}
},
"ptx": true
},
{
"name": "wgmma/m64n64k16.f32.bf16.bf16.ss.ta1.tb0.sa1.sb1.sw64.v00",
"repo": "ptx-rs/ptx",
"source": "modules/m64n64k16_f32_bf16_bf16_ss_ta1_tb0_sa1_sb1.ptx",
"nvcc_flags": [],
"entry": "k",
"grid": [
1,
1,
1
],
"block": [
128,
1,
1
],
"shared_bytes": 6144,
"args": [
{
"buf": "a"
},
{
"buf": "b"
},
{
"buf": "c"
},
{
"buf": "d"
},
{
"u64": 9223372174297923584
},
{
"u64": 9223372174293794816
},
{
"u32": 2048
},
{
"u32": 4096
},
{
"u32": 1
}
],
"buffers": {
"a": {
"dtype": "bf16",
"len": 1024,
"init": "normal"
},
"b": {
"dtype": "bf16",
"len": 2048,
"init": "normal"
},
"c": {
"dtype": "f32",
"len": 4096,
"init": "normal"
},
"d": {
"dtype": "f32",
"len": 4096,
"init": "zeros"
}
},
"ptx": true
},
{
"name": "wgmma/m64n64k16.f32.bf16.bf16.ss.ta1.tb1.sa1.sb1.sw64.v00",
"repo": "ptx-rs/ptx",
"source": "modules/m64n64k16_f32_bf16_bf16_ss_ta1_tb1_sa1_sb1.ptx",
"nvcc_flags": [],
"entry": "k",
"grid": [
1,
1,
1
],
"block": [
128,
1,
1
],
"shared_bytes": 4096,
"args": [
{
"buf": "a"
},
{
"buf": "b"
},
{
"buf": "c"
},
{
"buf": "d"
},
{
"u64": 9223372174297923584
},
{
"u64": 9223372174297923584
},
{
"u32": 2048
},
{
"u32": 2048
},
{
"u32": 1
}
],
"buffers": {
"a": {
"dtype": "bf16",
"len": 1024,
"init": "normal"
},
"b": {
"dtype": "bf16",
"len": 1024,
"init": "normal"
},
"c": {
"dtype": "f32",
"len": 4096,
"init": "normal"
},
"d": {
"dtype": "f32",
"len": 4096,
"init": "zeros"
}
},
"ptx": true
},
{
"name": "wgmma/m64n32k16.f32.bf16.bf16.ss.ta1.tb1.sa1.sb1.sw64.v11",
"repo": "ptx-rs/ptx",
"source": "modules/m64n32k16_f32_bf16_bf16_ss_ta1_tb1_sa1_sb1.ptx",
"nvcc_flags": [],
"entry": "k",
"grid": [
1,
1,
1
],
"block": [
128,
1,
1
],
"shared_bytes": 3072,
"args": [
{
"buf": "a"
},
{
"buf": "b"
},
{
"buf": "c"
},
{
"buf": "d"
},
{
"u64": 9223372311734779904
},
{
"u64": 9223372174295826432
},
{
"u32": 2048
},
{
"u32": 1024
},
{
"u32": 1
}
],
"buffers": {
"a": {
"dtype": "bf16",
"len": 1024,
"init": "normal"
},
"b": {
"dtype": "bf16",
"len": 512,
"init": "normal"
},
"c": {
"dtype": "f32",
"len": 2048,
"init": "normal"
},
"d": {
"dtype": "f32",
"len": 2048,
"init": "zeros"
}
},
"ptx": true
},
{
"name": "wgmma/m64n32k16.f32.bf16.bf16.ss.ta0.tb0.sa1.sb1.sw64.v11",
"repo": "ptx-rs/ptx",
"source": "modules/m64n32k16_f32_bf16_bf16_ss_ta0_tb0_sa1_sb1.ptx",
"nvcc_flags": [],
"entry": "k",
"grid": [
1,
1,
1
],
"block": [
128,
1,
1
],
"shared_bytes": 12288,
"args": [
{
"buf": "a"
},
{
"buf": "b"
},
{
"buf": "c"
},
{
"buf": "d"
},
{
"u64": 9223372311732748288
},
{
"u64": 9223372311732748288
},
{
"u32": 8192
},
{
"u32": 4096
},
{
"u32": 1
}
],
"buffers": {
"a": {
"dtype": "bf16",
"len": 4096,
"init": "normal"
},
"b": {
"dtype": "bf16",
"len": 2048,
"init": "normal"
},
"c": {
"dtype": "f32",
"len": 2048,
"init": "normal"
},
"d": {
"dtype": "f32",
"len": 2048,
"init": "zeros"
}
},
"ptx": true
},
{
"name": "wgmma/m64n64k16.f32.bf16.bf16.ss.ta0.tb1.sa1.sb1.sw128.v00",
"repo": "ptx-rs/ptx",
"source": "modules/m64n64k16_f32_bf16_bf16_ss_ta0_tb1_sa1_sb1.ptx",
"nvcc_flags": [],
"entry": "k",
"grid": [
1,
1,
1
],
"block": [
128,
1,
1
],
"shared_bytes": 10240,
"args": [
{
"buf": "a"
},
{
"buf": "b"
},
{
"buf": "c"
},
{
"buf": "d"
},
{
"u64": 4611686293305360384
},
{
"u64": 4611686293313683456
},
{
"u32": 8192
},
{
"u32": 2048
},
{
"u32": 1
}
],
"buffers": {
"a": {
"dtype": "bf16",
"len": 4096,
"init": "normal"
},
"b": {
"dtype": "bf16",
"len": 1024,
"init": "normal"
},
"c": {
"dtype": "f32",
"len": 4096,
"init": "normal"
},
"d": {
"dtype": "f32",
"len": 4096,
"init": "zeros"
}
},
"ptx": true
},
{
"name": "wgmma/m64n64k16.f32.bf16.bf16.ss.ta1.tb0.sa1.sb1.sw128.v00",
"repo": "ptx-rs/ptx",
"source": "modules/m64n64k16_f32_bf16_bf16_ss_ta1_tb0_sa1_sb1.ptx",
"nvcc_flags": [],
"entry": "k",
"grid": [
1,
1,
1
],
"block": [
128,
1,
1
],
"shared_bytes": 10240,
"args": [
{
"buf": "a"
},
{
"buf": "b"
},
{
"buf": "c"
},
{
"buf": "d"
},
{
"u64": 4611686293313683456
},
{
"u64": 4611686293305360384
},
{
"u32": 2048
},
{
"u32": 8192
},
{
"u32": 1
}
],
"buffers": {
"a": {
"dtype": "bf16",
"len": 1024,
"init": "normal"
},
"b": {
"dtype": "bf16",
"len": 4096,
"init": "normal"
},
"c": {
"dtype": "f32",
"len": 4096,
"init": "normal"
},
"d": {
"dtype": "f32",
"len": 4096,
"init": "zeros"
}
},
"ptx": true
},
{
"name": "wgmma/m64n64k16.f32.bf16.bf16.ss.ta1.tb1.sa1.sb1.sw128.v00",
"repo": "ptx-rs/ptx",
"source": "modules/m64n64k16_f32_bf16_bf16_ss_ta1_tb1_sa1_sb1.ptx",
"nvcc_flags": [],
"entry": "k",
"grid": [
1,
1,
1
],
"block": [
128,
1,
1
],
"shared_bytes": 4096,
"args": [
{
"buf": "a"
},
{
"buf": "b"
},
{
"buf": "c"
},
{
"buf": "d"
},
{
"u64": 4611686293313683456
},
{
"u64": 4611686293313683456
},
{
"u32": 2048
},
{
"u32": 2048
},
{
"u32": 1
}
],
"buffers": {
"a": {
"dtype": "bf16",
"len": 1024,
"init": "normal"
},
"b": {
"dtype": "bf16",
"len": 1024,
"init": "normal"
},
"c": {
"dtype": "f32",
"len": 4096,
"init": "normal"
},
"d": {
"dtype": "f32",
"len": 4096,
"init": "zeros"
}
},
"ptx": true
},
{
"name": "wgmma/m64n32k16.f32.bf16.bf16.ss.ta1.tb1.sa1.sb1.sw128.v11",
"repo": "ptx-rs/ptx",
"source": "modules/m64n32k16_f32_bf16_bf16_ss_ta1_tb1_sa1_sb1.ptx",
"nvcc_flags": [],
"entry": "k",
"grid": [
1,
1,
1
],
"block": [
128,
1,
1
],
"shared_bytes": 4096,
"args": [
{
"buf": "a"
},
{
"buf": "b"
},
{
"buf": "c"
},
{
"buf": "d"
},
{
"u64": 4611686293309489152
},
{
"u64": 4611686293309489152
},
{
"u32": 2048
},
{
"u32": 2048
},
{
"u32": 1
}
],
"buffers": {
"a": {
"dtype": "bf16",
"len": 1024,
"init": "normal"
},
"b": {
"dtype": "bf16",
"len": 1024,
"init": "normal"
},
"c": {
"dtype": "f32",
"len": 2048,
"init": "normal"
},
"d": {
"dtype": "f32",
"len": 2048,
"init": "zeros"
}
},
"ptx": true
},
{
"name": "wgmma/m64n32k16.f32.bf16.bf16.ss.ta0.tb0.sa1.sb1.sw128.v11",
"repo": "ptx-rs/ptx",
"source": "modules/m64n32k16_f32_bf16_bf16_ss_ta0_tb0_sa1_sb1.ptx",
"nvcc_flags": [],
"entry": "k",
"grid": [
1,
1,
1
],
"block": [
128,
1,
1
],
"shared_bytes": 22528,
"args": [
{
"buf": "a"
},
{
"buf": "b"
},
{
"buf": "c"
},
{
"buf": "d"
},
{
"u64": 4611686568183267328
},
{
"u64": 4611686568183267328
},
{
"u32": 15360
},
{
"u32": 7168
},
{
"u32": 1
}
],
"buffers": {
"a": {
"dtype": "bf16",
"len": 7680,
"init": "normal"
},
"b": {
"dtype": "bf16",
"len": 3584,
"init": "normal"
},
"c": {
"dtype": "f32",
"len": 2048,
"init": "normal"
},
"d": {
"dtype": "f32",
"len": 2048,
"init": "zeros"
}
},
"ptx": true
},
{
"name": "wgmma/m64n32k8.f32.tf32.tf32.ss.sa1.sb1.sw0.v00",
"repo": "ptx-rs/ptx",
"source": "modules/m64n32k8_f32_tf32_tf32_ss_sa1_sb1.ptx",
"nvcc_flags": [],
"entry": "k",
"grid": [
1,
1,
1
],
"block": [
128,
1,
1
],
"shared_bytes": 3072,
"args": [
{
"buf": "a"
},
{
"buf": "b"
},
{
"buf": "c"
},
{
"buf": "d"
},
{
"u64": 68720001024
},
{
"u64": 68720001024
},
{
"u32": 2048
},
{
"u32": 1024
},
{
"u32": 1
}
],
"buffers": {
"a": {
"dtype": "f32",
"len": 512,
"init": "normal"
},
"b": {
"dtype": "f32",
"len": 256,
"init": "normal"
},
"c": {
"dtype": "f32",
"len": 2048,
"init": "normal"
},
"d": {
"dtype": "f32",
"len": 2048,
"init": "zeros"
}
},
"ptx": true
},
{
"name": "wgmma/m64n32k8.f32.tf32.tf32.ss.sa1.sb1.sw0.v11",
"repo": "ptx-rs/ptx",
"source": "modules/m64n32k8_f32_tf32_tf32_ss_sa1_sb1.ptx",
"nvcc_flags": [],
"entry": "k",
"grid": [
1,
1,
1
],
"block": [
128,
1,
1
],
"shared_bytes": 5120,
"args": [
{
"buf": "a"
},
{
"buf": "b"
},
{
"buf": "c"
},
{
"buf": "d"
},
{
"u64": 34368126976
},
{
"u64": 34363932672
},
{
"u32": 3072
},
{
"u32": 2048
},
{
"u32": 1
}
],
"buffers": {
"a": {
"dtype": "f32",
"len": 768,
"init": "normal"
},
"b": {
"dtype": "f32",
"len": 512,
"init": "normal"
},
"c": {
"dtype": "f32",
"len": 2048,
"init": "normal"
},
"d": {
"dtype": "f32",
"len": 2048,
"init": "zeros"
}
},
"ptx": true
},
{
"name": "wgmma/m64n32k8.f32.tf32.tf32.ss.sa1.sb1.sw32.v00",
"repo": "ptx-rs/ptx",
"source": "modules/m64n32k8_f32_tf32_tf32_ss_sa1_sb1.ptx",
"nvcc_flags": [],
"entry": "k",
"grid": [
1,
1,
1
],
"block": [
128,
1,
1
],
"shared_bytes": 3072,
"args": [
{
"buf": "a"
},
{
"buf": "b"
},
{
"buf": "c"
},
{
"buf": "d"
},
{
"u64": 13835058124001705984
},
{
"u64": 13835058124001705984
},
{
"u32": 2048
},
{
"u32": 1024
},
{
"u32": 1
}
],
"buffers": {
"a": {
"dtype": "f32",
"len": 512,
"init": "normal"
},
"b": {
"dtype": "f32",
"len": 256,
"init": "normal"
},
"c": {
"dtype": "f32",
"len": 2048,
"init": "normal"
},
"d": {
"dtype": "f32",
"len": 2048,
"init": "zeros"
}
},
"ptx": true
},
{
"name": "wgmma/m64n32k8.f32.tf32.tf32.ss.sa1.sb1.sw32.v11",
"repo": "ptx-rs/ptx",
"source": "modules/m64n32k8_f32_tf32_tf32_ss_sa1_sb1.ptx",
"nvcc_flags": [],
"entry": "k",
"grid": [
1,
1,
1
],
"block": [
128,
1,
1
],
"shared_bytes": 6144,
"args": [
{
"buf": "a"
},
{
"buf": "b"
},
{
"buf": "c"
},
{
"buf": "d"
},
{
"u64": 13835058192721182720
},
{
"u64": 13835058192721182720
},
{
"u32": 4096
},
{
"u32": 2048
},
{
"u32": 1
}
],
"buffers": {
"a": {
"dtype": "f32",
"len": 1024,
"init": "normal"
},
"b": {
"dtype": "f32",
"len": 512,
"init": "normal"
},
"c": {
"dtype": "f32",
"len": 2048,
"init": "normal"
},
"d": {
"dtype": "f32",
"len": 2048,
"init": "zeros"
}
},
"ptx": true
},
{
"name": "wgmma/m64n32k8.f32.tf32.tf32.ss.sa1.sb1.sw64.v00",
"repo": "ptx-rs/ptx",
"source": "modules/m64n32k8_f32_tf32_tf32_ss_sa1_sb1.ptx",
"nvcc_flags": [],
"entry": "k",
"grid": [
1,
1,
1
],
"block": [
128,
1,
1
],
"shared_bytes": 6144,
"args": [
{
"buf": "a"
},
{
"buf": "b"
},
{
"buf": "c"
},
{
"buf": "d"
},
{
"u64": 9223372174293794816
},
{
"u64": 9223372174293794816
},
{
"u32": 4096
},
{
"u32": 2048
},
{
"u32": 1
}
],
"buffers": {
"a": {
"dtype": "f32",
"len": 1024,
"init": "normal"
},
"b": {
"dtype": "f32",
"len": 512,
"init": "normal"
},
"c": {
"dtype": "f32",
"len": 2048,
"init": "normal"
},
"d": {
"dtype": "f32",
"len": 2048,
"init": "zeros"
}
},
"ptx": true
},
{
"name": "wgmma/m64n32k8.f32.tf32.tf32.ss.sa1.sb1.sw64.v11",
"repo": "ptx-rs/ptx",
"source": "modules/m64n32k8_f32_tf32_tf32_ss_sa1_sb1.ptx",
"nvcc_flags": [],
"entry": "k",
"grid": [
1,
1,
1
],
"block": [
128,
1,
1
],
"shared_bytes": 12288,
"args": [
{
"buf": "a"
},
{
"buf": "b"
},
{
"buf": "c"
},
{
"buf": "d"
},
{
"u64": 9223372311732748288
},
{
"u64": 9223372311732748288
},
{
"u32": 8192
},
{
"u32": 4096
},
{
"u32": 1
}
],
"buffers": {
"a": {
"dtype": "f32",
"len": 2048,
"init": "normal"
},
"b": {
"dtype": "f32",
"len": 1024,
"init": "normal"
},
"c": {
"dtype": "f32",
"len": 2048,
"init": "normal"
},
"d": {
"dtype": "f32",
"len": 2048,
"init": "zeros"
}
},
"ptx": true
},
{
"name": "wgmma/m64n32k32.f32.e4m3.e4m3.ss.sa1.sb1.sw0.v00",
"repo": "ptx-rs/ptx",
"source": "modules/m64n32k32_f32_e4m3_e4m3_ss_sa1_sb1.ptx",
"nvcc_flags": [],
"entry": "k",
"grid": [
1,
1,
1
],
"block": [
128,
1,
1
],
"shared_bytes": 3072,
"args": [
{
"buf": "a"
},
{
"buf": "b"
},
{
"buf": "c"
},
{
"buf": "d"
},
{
"u64": 68720001024
},
{
"u64": 68720001024
},
{
"u32": 2048
},
{
"u32": 1024
},
{
"u32": 1
}
],
"buffers": {
"a": {
"dtype": "u8",
"len": 2048,
"init": "randint:0:248"
},
"b": {
"dtype": "u8",
"len": 1024,
"init": "randint:0:248"
},
"c": {
"dtype": "f32",
"len": 2048,
"init": "normal"
},
"d": {
"dtype": "f32",
"len": 2048,
"init": "zeros"
}
},
"ptx": true
},
{
"name": "wgmma/m64n32k32.f32.e4m3.e4m3.ss.sa1.sb1.sw0.v11",
"repo": "ptx-rs/ptx",
"source": "modules/m64n32k32_f32_e4m3_e4m3_ss_sa1_sb1.ptx",
"nvcc_flags": [],
"entry": "k",
"grid": [
1,
1,
1
],
"block": [
128,
1,
1
],
"shared_bytes": 5120,
"args": [
{
"buf": "a"
},
{
"buf": "b"
},
{
"buf": "c"
},
{
"buf": "d"
},
{
"u64": 34368126976
},
{
"u64": 34363932672
},
{
"u32": 3072
},
{
"u32": 2048
},
{
"u32": 1
}
],
"buffers": {
"a": {
"dtype": "u8",
"len": 3072,
"init": "randint:0:248"
},
"b": {
"dtype": "u8",
"len": 2048,
"init": "randint:0:248"
},
"c": {
"dtype": "f32",
"len": 2048,
"init": "normal"
},
"d": {
"dtype": "f32",
"len": 2048,
"init": "zeros"
}
},
"ptx": true
},
{
"name": "wgmma/m64n32k32.f32.e4m3.e4m3.ss.sa1.sb1.sw32.v00",
"repo": "ptx-rs/ptx",
"source": "modules/m64n32k32_f32_e4m3_e4m3_ss_sa1_sb1.ptx",
"nvcc_flags": [],
"entry": "k",
"grid": [
1,
1,
1
],
"block": [
128,
1,
1
],
"shared_bytes": 3072,
"args": [
{
"buf": "a"
},
{
"buf": "b"
},
{
"buf": "c"
},
{
"buf": "d"
},
{
"u64": 13835058124001705984
},
{
"u64": 13835058124001705984
},
{
"u32": 2048
},
{
"u32": 1024
},
{
"u32": 1
}
],
"buffers": {
"a": {
"dtype": "u8",
"len": 2048,
"init": "randint:0:248"
},
"b": {
"dtype": "u8",
"len": 1024,
"init": "randint:0:248"
},
"c": {
"dtype": "f32",
"len": 2048,
"init": "normal"
},
"d": {
"dtype": "f32",
"len": 2048,
"init": "zeros"
}
},
"ptx": true
},
{
"name": "wgmma/m64n32k32.f32.e4m3.e4m3.ss.sa1.sb1.sw32.v11",
"repo": "ptx-rs/ptx",
"source": "modules/m64n32k32_f32_e4m3_e4m3_ss_sa1_sb1.ptx",
"nvcc_flags": [],
"entry": "k",
"grid": [
1,
1,
1
],
"block": [
128,
1,
1
],
"shared_bytes": 6144,
"args": [
{
"buf": "a"
},
{
"buf": "b"
},
{
"buf": "c"
},
{
"buf": "d"
},
{
"u64": 13835058192721182720
},
{
"u64": 13835058192721182720
},
{
"u32": 4096
},
{
"u32": 2048
},
{
"u32": 1
}
],
"buffers": {
"a": {
"dtype": "u8",
"len": 4096,
"init": "randint:0:248"
},
"b": {
"dtype": "u8",
"len": 2048,
"init": "randint:0:248"
},
"c": {
"dtype": "f32",
"len": 2048,
"init": "normal"
},
"d": {
"dtype": "f32",
"len": 2048,
"init": "zeros"
}
},
"ptx": true
},
{
"name": "wgmma/m64n32k32.f32.e4m3.e4m3.ss.sa1.sb1.sw64.v00",
"repo": "ptx-rs/ptx",
"source": "modules/m64n32k32_f32_e4m3_e4m3_ss_sa1_sb1.ptx",
"nvcc_flags": [],
"entry": "k",
"grid": [
1,
1,
1
],
"block": [
128,
1,
1
],
"shared_bytes": 6144,
"args": [
{
"buf": "a"
},
{
"buf": "b"
},
{
"buf": "c"
},
{
"buf": "d"
},
{
"u64": 9223372174293794816
},
{
"u64": 9223372174293794816
},
{
"u32": 4096
},
{
"u32": 2048
},
{
"u32": 1
}
],
"buffers": {
"a": {
"dtype": "u8",
"len": 4096,
"init": "randint:0:248"
},
"b": {
"dtype": "u8",
"len": 2048,
"init": "randint:0:248"
},
"c": {
"dtype": "f32",
"len": 2048,
"init": "normal"
},
"d": {
"dtype": "f32",
"len": 2048,
"init": "zeros"
}
},
"ptx": true
},
{
"name": "wgmma/m64n32k32.f32.e4m3.e4m3.ss.sa1.sb1.sw64.v11",
"repo": "ptx-rs/ptx",
"source": "modules/m64n32k32_f32_e4m3_e4m3_ss_sa1_sb1.ptx",
"nvcc_flags": [],
"entry": "k",
"grid": [
1,
1,
1
],
"block": [
128,
1,
1
],
"shared_bytes": 12288,
"args": [
{
"buf": "a"
},
{
"buf": "b"
},
{
"buf": "c"
},
{
"buf": "d"
},
{
"u64": 9223372311732748288
},
{
"u64": 9223372311732748288
},
{
"u32": 8192
},
{
"u32": 4096
},
{
"u32": 1
}
],
"buffers": {
"a": {
"dtype": "u8",
"len": 8192,
"init": "randint:0:248"
},
"b": {
"dtype": "u8",
"len": 4096,
"init": "randint:0:248"
},
"c": {
"dtype": "f32",
"len": 2048,
"init": "normal"
},
"d": {
"dtype": "f32",
"len": 2048,
"init": "zeros"
}
},
"ptx": true
},
{
"name": "wgmma/m64n32k32.s32.s8.s8.ss.sw0.v00",
"repo": "ptx-rs/ptx",
"source": "modules/m64n32k32_s32_s8_s8_ss.ptx",
"nvcc_flags": [],
"entry": "k",
"grid": [
1,
1,
1
],
"block": [
128,
1,
1
],
"shared_bytes": 3072,
"args": [
{
"buf": "a"
},
{
"buf": "b"
},
{
"buf": "c"
},
{
"buf": "d"
},
{
"u64": 68720001024
},
{
"u64": 68720001024
},
{
"u32": 2048
},
{
"u32": 1024
},
{
"u32": 1
}
],
"buffers": {
"a": {
"dtype": "i8",
"len": 2048,
"init": "randint:-128:128"
},
"b": {
"dtype": "i8",
"len": 1024,
"init": "randint:-128:128"
},
"c": {
"dtype": "i32",
"len": 2048,
"init": "randint:-1000000:1000000"
},
"d": {
"dtype": "i32",
"len": 2048,
"init": "zeros"
}
},
"ptx": true
},
{
"name": "wgmma/m64n32k32.s32.s8.s8.ss.sw0.v11",
"repo": "ptx-rs/ptx",
"source": "modules/m64n32k32_s32_s8_s8_ss.ptx",
"nvcc_flags": [],
"entry": "k",
"grid": [
1,
1,
1
],
"block": [
128,
1,
1
],
"shared_bytes": 5120,
"args": [
{
"buf": "a"
},
{
"buf": "b"
},
{
"buf": "c"
},
{
"buf": "d"
},
{
"u64": 34368126976
},
{
"u64": 34363932672
},
{
"u32": 3072
},
{
"u32": 2048
},
{
"u32": 1
}
],
"buffers": {
"a": {
"dtype": "i8",
"len": 3072,
"init": "randint:-128:128"
},
"b": {
"dtype": "i8",
"len": 2048,
"init": "randint:-128:128"
},
"c": {
"dtype": "i32",
"len": 2048,
"init": "randint:-1000000:1000000"
},
"d": {
"dtype": "i32",
"len": 2048,
"init": "zeros"
}
},
"ptx": true
},
{
"name": "wgmma/m64n32k32.s32.s8.s8.ss.sw32.v00",
"repo": "ptx-rs/ptx",
"source": "modules/m64n32k32_s32_s8_s8_ss.ptx",
"nvcc_flags": [],
"entry": "k",
"grid": [
1,
1,
1
],
"block": [
128,
1,
1
],
"shared_bytes": 3072,
"args": [
{
"buf": "a"
},
{
"buf": "b"
},
{
"buf": "c"
},
{
"buf": "d"
},
{
"u64": 13835058124001705984
},
{
"u64": 13835058124001705984
},
{
"u32": 2048
},
{
"u32": 1024
},
{
"u32": 1
}
],
"buffers": {
"a": {
"dtype": "i8",
"len": 2048,
"init": "randint:-128:128"
},
"b": {
"dtype": "i8",
"len": 1024,
"init": "randint:-128:128"
},
"c": {
"dtype": "i32",
"len": 2048,
"init": "randint:-1000000:1000000"
},
"d": {
"dtype": "i32",
"len": 2048,
"init": "zeros"
}
},
"ptx": true
},
{
"name": "wgmma/m64n32k32.s32.s8.s8.ss.sw32.v11",
"repo": "ptx-rs/ptx",
"source": "modules/m64n32k32_s32_s8_s8_ss.ptx",
"nvcc_flags": [],
"entry": "k",
"grid": [
1,
1,
1
],
"block": [
128,
1,
1
],
"shared_bytes": 6144,
"args": [
{
"buf": "a"
},
{
"buf": "b"
},
{
"buf": "c"
},
{
"buf": "d"
},
{
"u64": 13835058192721182720
},
{
"u64": 13835058192721182720
},
{
"u32": 4096
},
{
"u32": 2048
},
{
"u32": 1
}
],
"buffers": {
"a": {
"dtype": "i8",
"len": 4096,
"init": "randint:-128:128"
},
"b": {
"dtype": "i8",
"len": 2048,
"init": "randint:-128:128"
},
"c": {
"dtype": "i32",
"len": 2048,
"init": "randint:-1000000:1000000"
},
"d": {
"dtype": "i32",
"len": 2048,
"init": "zeros"
}
},
"ptx": true
},
{
"name": "wgmma/m64n32k32.s32.s8.s8.ss.sw64.v00",
"repo": "ptx-rs/ptx",
"source": "modules/m64n32k32_s32_s8_s8_ss.ptx",
"nvcc_flags": [],
"entry": "k",
"grid": [
1,
1,
1
],
"block": [
128,
1,
1
],
"shared_bytes": 6144,
"args": [
{
"buf": "a"
},
{
"buf": "b"
},
{
"buf": "c"
},
{
"buf": "d"
},
{
"u64": 9223372174293794816
},
{
"u64": 9223372174293794816
},
{
"u32": 4096
},
{
"u32": 2048
},
{
"u32": 1
}
],
"buffers": {
"a": {
"dtype": "i8",
"len": 4096,
"init": "randint:-128:128"
},
"b": {
"dtype": "i8",
"len": 2048,
"init": "randint:-128:128"
},
"c": {
"dtype": "i32",
"len": 2048,
"init": "randint:-1000000:1000000"
},
"d": {
"dtype": "i32",
"len": 2048,
"init": "zeros"
}
},
"ptx": true
},
{
"name": "wgmma/m64n32k32.s32.s8.s8.ss.sw64.v11",
"repo": "ptx-rs/ptx",
"source": "modules/m64n32k32_s32_s8_s8_ss.ptx",
"nvcc_flags": [],
"entry": "k",
"grid": [
1,
1,
1
],
"block": [
128,
1,
1
],
"shared_bytes": 12288,
"args": [
{
"buf": "a"
},
{
"buf": "b"
},
{
"buf": "c"
},
{
"buf": "d"
},
{
"u64": 9223372311732748288
},
{
"u64": 9223372311732748288
},
{
"u32": 8192
},
{
"u32": 4096
},
{
"u32": 1
}
],
"buffers": {
"a": {
"dtype": "i8",
"len": 8192,
"init": "randint:-128:128"
},
"b": {
"dtype": "i8",
"len": 4096,
"init": "randint:-128:128"
},
"c": {
"dtype": "i32",
"len": 2048,
"init": "randint:-1000000:1000000"
},
"d": {
"dtype": "i32",
"len": 2048,
"init": "zeros"
}
},
"ptx": true
},
{
"name": "wgmma/m64n64k16.f32.f16.f16.ss.ta0.tb0.sa1.sb1.sw128.v22",
"repo": "ptx-rs/ptx",
"source": "modules/m64n64k16_f32_f16_f16_ss_ta0_tb0_sa1_sb1.ptx",
"nvcc_flags": [],
"entry": "k",
"grid": [
1,
1,
1
],
"block": [
128,
1,
1
],
"shared_bytes": 18432,
"args": [
{
"buf": "a"
},
{
"buf": "b"
},
{
"buf": "c"
},
{
"buf": "d"
},
{
"u64": 4611686293305360388
},
{
"u64": 4611686293305360388
},
{
"u32": 9216
},
{
"u32": 9216
},
{
"u32": 1
}
],
"buffers": {
"a": {
"dtype": "f16",
"len": 4608,
"init": "normal"
},
"b": {
"dtype": "f16",
"len": 4608,
"init": "normal"
},
"c": {
"dtype": "f32",
"len": 4096,
"init": "normal"
},
"d": {
"dtype": "f32",
"len": 4096,
"init": "zeros"
}
},
"ptx": true
},
{
"name": "wgmma/m64n64k32.f32.e4m3.e4m3.ss.sa1.sb1.sw128.v22",
"repo": "ptx-rs/ptx",
"source": "modules/m64n64k32_f32_e4m3_e4m3_ss_sa1_sb1.ptx",
"nvcc_flags": [],
"entry": "k",
"grid": [
1,
1,
1
],
"block": [
128,
1,
1
],
"shared_bytes": 18432,
"args": [
{
"buf": "a"
},
{
"buf": "b"
},
{
"buf": "c"
},
{
"buf": "d"
},
{
"u64": 4611686293305360388
},
{
"u64": 4611686293305360388
},
{
"u32": 9216
},
{
"u32": 9216
},
{
"u32": 1
}
],
"buffers": {
"a": {
"dtype": "u8",
"len": 9216,
"init": "randint:0:248"
},
"b": {
"dtype": "u8",
"len": 9216,
"init": "randint:0:248"
},
"c": {
"dtype": "f32",
"len": 4096,
"init": "normal"
},
"d": {
"dtype": "f32",
"len": 4096,
"init": "zeros"
}
},
"ptx": true
},
{
"name": "wgmma/m64n64k16.f32.f16.f16.ss.ta0.tb0.sa1.sb1.sw128.v33",
"repo": "ptx-rs/ptx",
"source": "modules/m64n64k16_f32_f16_f16_ss_ta0_tb0_sa1_sb1.ptx",
"nvcc_flags": [],
"entry": "k",
"grid": [
1,
1,
1
],
"block": [
128,
1,
1
],
"shared_bytes": 18432,
"args": [
{
"buf": "a"
},
{
"buf": "b"
},
{
"buf": "c"
},
{
"buf": "d"
},
{
"u64": 4611686293305360390
},
{
"u64": 4611686293305360390
},
{
"u32": 9216
},
{
"u32": 9216
},
{
"u32": 1
}
],
"buffers": {
"a": {
"dtype": "f16",
"len": 4608,
"init": "normal"
},
"b": {
"dtype": "f16",
"len": 4608,
"init": "normal"
},
"c": {
"dtype": "f32",
"len": 4096,
"init": "normal"
},
"d": {
"dtype": "f32",
"len": 4096,
"init": "zeros"
}
},
"ptx": true
},
{
"name": "wgmma/m64n64k32.f32.e4m3.e4m3.ss.sa1.sb1.sw128.v33",
"repo": "ptx-rs/ptx",
"source": "modules/m64n64k32_f32_e4m3_e4m3_ss_sa1_sb1.ptx",
"nvcc_flags": [],
"entry": "k",
"grid": [
1,
1,
1
],
"block": [
128,
1,
1
],
"shared_bytes": 18432,
"args": [
{
"buf": "a"
},
{
"buf": "b"
},
{
"buf": "c"
},
{
"buf": "d"
},
{
"u64": 4611686293305360390
},
{
"u64": 4611686293305360390
},
{
"u32": 9216
},
{
"u32": 9216
},
{
"u32": 1
}
],
"buffers": {
"a": {
"dtype": "u8",
"len": 9216,
"init": "randint:0:248"
},
"b": {
"dtype": "u8",
"len": 9216,
"init": "randint:0:248"
},
"c": {
"dtype": "f32",
"len": 4096,
"init": "normal"
},
"d": {
"dtype": "f32",
"len": 4096,
"init": "zeros"
}
},
"ptx": true
},
{
"name": "wgmma/m64n16k16.f32.f16.f16.rs.ta0.tb0.sa1.sb1.sw128.v00",
"repo": "ptx-rs/ptx",
"source": "modules/m64n16k16_f32_f16_f16_rs_ta0_tb0_sa1_sb1.ptx",
"nvcc_flags": [],
"entry": "k",
"grid": [
1,
1,
1
],
"block": [
128,
1,
1
],
"shared_bytes": 2048,
"args": [
{
"buf": "a"
},
{
"buf": "b"
},
{
"buf": "c"
},
{
"buf": "d"
},
{
"u64": 0
},
{
"u64": 4611686293305360384
},
{
"u32": 0
},
{
"u32": 2048
},
{
"u32": 1
}
],
"buffers": {
"a": {
"dtype": "f16",
"len": 1024,
"init": "normal"
},
"b": {
"dtype": "f16",
"len": 1024,
"init": "normal"
},
"c": {
"dtype": "f32",
"len": 1024,
"init": "normal"
},
"d": {
"dtype": "f32",
"len": 1024,
"init": "zeros"
}
},
"ptx": true
},
{
"name": "wgmma/m64n128k16.f32.f16.f16.rs.ta0.tb0.sa1.sb1.sw128.v00",
"repo": "ptx-rs/ptx",
"source": "modules/m64n128k16_f32_f16_f16_rs_ta0_tb0_sa1_sb1.ptx",
"nvcc_flags": [],
"entry": "k",
"grid": [
1,
1,
1
],
"block": [
128,
1,
1
],
"shared_bytes": 16384,
"args": [
{
"buf": "a"
},
{
"buf": "b"
},
{
"buf": "c"
},
{
"buf": "d"
},
{
"u64": 0
},
{
"u64": 4611686293305360384
},
{
"u32": 0
},
{
"u32": 16384
},
{
"u32": 1
}
],
"buffers": {
"a": {
"dtype": "f16",
"len": 1024,
"init": "normal"
},
"b": {
"dtype": "f16",
"len": 8192,
"init": "normal"
},
"c": {
"dtype": "f32",
"len": 8192,
"init": "normal"
},
"d": {
"dtype": "f32",
"len": 8192,
"init": "zeros"
}
},
"ptx": true
},
{
"name": "wgmma/m64n16k16.f16.f16.f16.rs.ta0.tb0.sa1.sb1.sw128.v00",
"repo": "ptx-rs/ptx",
"source": "modules/m64n16k16_f16_f16_f16_rs_ta0_tb0_sa1_sb1.ptx",
"nvcc_flags": [],
"entry": "k",
"grid": [
1,
1,
1
],
"block": [
128,
1,
1
],
"shared_bytes": 2048,
"args": [
{
"buf": "a"
},
{
"buf": "b"
},
{
"buf": "c"
},
{
"buf": "d"
},
{
"u64": 0
},
{
"u64": 4611686293305360384
},
{
"u32": 0
},
{
"u32": 2048
},
{
"u32": 1
}
],
"buffers": {
"a": {
"dtype": "f16",
"len": 1024,
"init": "normal"
},
"b": {
"dtype": "f16",
"len": 1024,
"init": "normal"
},
"c": {
"dtype": "f16",
"len": 1024,
"init": "normal"
},
"d": {
"dtype": "f16",
"len": 1024,
"init": "zeros"
}
},
"ptx": true
},
{
"name": "wgmma/m64n128k16.f16.f16.f16.rs.ta0.tb0.sa1.sb1.sw128.v00",
"repo": "ptx-rs/ptx",
"source": "modules/m64n128k16_f16_f16_f16_rs_ta0_tb0_sa1_sb1.ptx",
"nvcc_flags": [],
"entry": "k",
"grid": [
1,
1,
1
],
"block": [
128,
1,
1
],
"shared_bytes": 16384,
"args": [
{
"buf": "a"
},
{
"buf": "b"
},
{
"buf": "c"
},
{
"buf": "d"
},
{
"u64": 0
},
{
"u64": 4611686293305360384
},
{
"u32": 0
},
{
"u32": 16384
},
{
"u32": 1
}
],
"buffers": {
"a": {
"dtype": "f16",
"len": 1024,
"init": "normal"
},
"b": {
"dtype": "f16",
"len": 8192,
"init": "normal"
},
"c": {
"dtype": "f16",
"len": 8192,
"init": "normal"
},
"d": {
"dtype": "f16",
"len": 8192,
"init": "zeros"
}
},
"ptx": true
},
{
"name": "wgmma/m64n16k16.f32.bf16.bf16.rs.ta0.tb0.sa1.sb1.sw128.v00",
"repo": "ptx-rs/ptx",
"source": "modules/m64n16k16_f32_bf16_bf16_rs_ta0_tb0_sa1_sb1.ptx",
"nvcc_flags": [],
"entry": "k",
"grid": [
1,
1,
1
],
"block": [
128,
1,
1
],
"shared_bytes": 2048,
"args": [
{
"buf": "a"
},
{
"buf": "b"
},
{
"buf": "c"
},
{
"buf": "d"
},
{
"u64": 0
},
{
"u64": 4611686293305360384
},
{
"u32": 0
},
{
"u32": 2048
},
{
"u32": 1
}
],
"buffers": {
"a": {
"dtype": "bf16",
"len": 1024,
"init": "normal"
},
"b": {
"dtype": "bf16",
"len": 1024,
"init": "normal"
},
"c": {
"dtype": "f32",
"len": 1024,
"init": "normal"
},
"d": {
"dtype": "f32",
"len": 1024,
"init": "zeros"
}
},
"ptx": true
},
{
"name": "wgmma/m64n128k16.f32.bf16.bf16.rs.ta0.tb0.sa1.sb1.sw128.v00",
"repo": "ptx-rs/ptx",
"source": "modules/m64n128k16_f32_bf16_bf16_rs_ta0_tb0_sa1_sb1.ptx",
"nvcc_flags": [],
"entry": "k",
"grid": [
1,
1,
1
],
"block": [
128,
1,
1
],
"shared_bytes": 16384,
"args": [
{
"buf": "a"
},
{
"buf": "b"
},
{
"buf": "c"
},
{
"buf": "d"
},
{
"u64": 0
},
{
"u64": 4611686293305360384
},
{
"u32": 0
},
{
"u32": 16384
},
{
"u32": 1
}
],
"buffers": {
"a": {
"dtype": "bf16",
"len": 1024,
"init": "normal"
},
"b": {
"dtype": "bf16",
"len": 8192,
"init": "normal"
},
"c": {
"dtype": "f32",
"len": 8192,
"init": "normal"
},
"d": {
"dtype": "f32",
"len": 8192,
"init": "zeros"
}
},
"ptx": true
},
{
"name": "wgmma/m64n16k8.f32.tf32.tf32.rs.sa1.sb1.sw128.v00",
"repo": "ptx-rs/ptx",
"source": "modules/m64n16k8_f32_tf32_tf32_rs_sa1_sb1.ptx",
"nvcc_flags": [],
"entry": "k",
"grid": [
1,
1,
1
],
"block": [
128,
1,
1
],
"shared_bytes": 2048,
"args": [
{
"buf": "a"
},
{
"buf": "b"
},
{
"buf": "c"
},
{
"buf": "d"
},
{
"u64": 0
},
{
"u64": 4611686293305360384
},
{
"u32": 0
},
{
"u32": 2048
},
{
"u32": 1
}
],
"buffers": {
"a": {
"dtype": "f32",
"len": 512,
"init": "normal"
},
"b": {
"dtype": "f32",
"len": 512,
"init": "normal"
},
"c": {
"dtype": "f32",
"len": 1024,
"init": "normal"
},
"d": {
"dtype": "f32",
"len": 1024,
"init": "zeros"
}
},
"ptx": true
},
{
"name": "wgmma/m64n128k8.f32.tf32.tf32.rs.sa1.sb1.sw128.v00",
"repo": "ptx-rs/ptx",
"source": "modules/m64n128k8_f32_tf32_tf32_rs_sa1_sb1.ptx",
"nvcc_flags": [],
"entry": "k",
"grid": [
1,
1,
1
],
"block": [
128,
1,
1
],
"shared_bytes": 16384,
"args": [
{
"buf": "a"
},
{
"buf": "b"
},
{
"buf": "c"
},
{
"buf": "d"
},
{
"u64": 0
},
{
"u64": 4611686293305360384
},
{
"u32": 0
},
{
"u32": 16384
},
{
"u32": 1
}
],
"buffers": {
"a": {
"dtype": "f32",
"len": 512,
"init": "normal"
},
"b": {
"dtype": "f32",
"len": 4096,
"init": "normal"
},
"c": {
"dtype": "f32",
"len": 8192,
"init": "normal"
},
"d": {
"dtype": "f32",
"len": 8192,
"init": "zeros"
}
},
"ptx": true
},
{
"name": "wgmma/m64n16k32.f32.e4m3.e4m3.rs.sa1.sb1.sw128.v00",
"repo": "ptx-rs/ptx",
"source": "modules/m64n16k32_f32_e4m3_e4m3_rs_sa1_sb1.ptx",
"nvcc_flags": [],
"entry": "k",
"grid": [
1,
1,
1
],
"block": [
128,
1,
1
],
"shared_bytes": 2048,
"args": [
{
"buf": "a"
},
{
"buf": "b"
},
{
"buf": "c"
},
{
"buf": "d"
},
{
"u64": 0
},
{
"u64": 4611686293305360384
},
{
"u32": 0
},
{
"u32": 2048
},
{
"u32": 1
}
],
"buffers": {
"a": {
"dtype": "u8",
"len": 2048,
"init": "randint:0:248"
},
"b": {
"dtype": "u8",
"len": 2048,
"init": "randint:0:248"
},
"c": {
"dtype": "f32",
"len": 1024,
"init": "normal"
},
"d": {
"dtype": "f32",
"len": 1024,
"init": "zeros"
}
},
"ptx": true
},
{
"name": "wgmma/m64n128k32.f32.e4m3.e4m3.rs.sa1.sb1.sw128.v00",
"repo": "ptx-rs/ptx",
"source": "modules/m64n128k32_f32_e4m3_e4m3_rs_sa1_sb1.ptx",
"nvcc_flags": [],
"entry": "k",
"grid": [
1,
1,
1
],
"block": [
128,
1,
1
],
"shared_bytes": 16384,
"args": [
{
"buf": "a"
},
{
"buf": "b"
},
{
"buf": "c"
},
{
"buf": "d"
},
{
"u64": 0
},
{
"u64": 4611686293305360384
},
{
"u32": 0
},
{
"u32": 16384
},
{
"u32": 1
}
],
"buffers": {
"a": {
"dtype": "u8",
"len": 2048,
"init": "randint:0:248"
},
"b": {
"dtype": "u8",
"len": 16384,
"init": "randint:0:248"
},
"c": {
"dtype": "f32",
"len": 8192,
"init": "normal"
},
"d": {
"dtype": "f32",
"len": 8192,
"init": "zeros"
}
},
"ptx": true
},
{
"name": "wgmma/m64n16k32.f16.e5m2.e5m2.rs.sa1.sb1.sw128.v00",
"repo": "ptx-rs/ptx",
"source": "modules/m64n16k32_f16_e5m2_e5m2_rs_sa1_sb1.ptx",
"nvcc_flags": [],
"entry": "k",
"grid": [
1,
1,
1
],
"block": [
128,
1,
1
],
"shared_bytes": 2048,
"args": [
{
"buf": "a"
},
{
"buf": "b"
},
{
"buf": "c"
},
{
"buf": "d"
},
{
"u64": 0
},
{
"u64": 4611686293305360384
},
{
"u32": 0
},
{
"u32": 2048
},
{
"u32": 1
}
],
"buffers": {
"a": {
"dtype": "u8",
"len": 2048,
"init": "randint:0:248"
},
"b": {
"dtype": "u8",
"len": 2048,
"init": "randint:0:248"
},
"c": {
"dtype": "f16",
"len": 1024,
"init": "normal"
},
"d": {
"dtype": "f16",
"len": 1024,
"init": "zeros"
}
},
"ptx": true
},
{
"name": "wgmma/m64n128k32.f16.e5m2.e5m2.rs.sa1.sb1.sw128.v00",
"repo": "ptx-rs/ptx",
"source": "modules/m64n128k32_f16_e5m2_e5m2_rs_sa1_sb1.ptx",
"nvcc_flags": [],
"entry": "k",
"grid": [
1,
1,
1
],
"block": [
128,
1,
1
],
"shared_bytes": 16384,
"args": [
{
"buf": "a"
},
{
"buf": "b"
},
{
"buf": "c"
},
{
"buf": "d"
},
{
"u64": 0
},
{
"u64": 4611686293305360384
},
{
"u32": 0
},
{
"u32": 16384
},
{
"u32": 1
}
],
"buffers": {
"a": {
"dtype": "u8",
"len": 2048,
"init": "randint:0:248"
},
"b": {
"dtype": "u8",
"len": 16384,
"init": "randint:0:248"
},
"c": {
"dtype": "f16",
"len": 8192,
"init": "normal"
},
"d": {
"dtype": "f16",
"len": 8192,
"init": "zeros"
}
},
"ptx": true
},
{
"name": "wgmma/m64n16k32.s32.s8.s8.rs.sw128.v00",
"repo": "ptx-rs/ptx",
"source": "modules/m64n16k32_s32_s8_s8_rs.ptx",
"nvcc_flags": [],
"entry": "k",
"grid": [
1,
1,
1
],
"block": [
128,
1,
1
],
"shared_bytes": 2048,
"args": [
{
"buf": "a"
},
{
"buf": "b"
},
{
"buf": "c"
},
{
"buf": "d"
},
{
"u64": 0
},
{
"u64": 4611686293305360384
},
{
"u32": 0
},
{
"u32": 2048
},
{
"u32": 1
}
],
"buffers": {
"a": {
"dtype": "i8",
"len": 2048,
"init": "randint:-128:128"
},
"b": {
"dtype": "i8",
"len": 2048,
"init": "randint:-128:128"
},
"c": {
"dtype": "i32",
"len": 1024,
"init": "randint:-1000000:1000000"
},
"d": {
"dtype": "i32",
"len": 1024,
"init": "zeros"
}
},
"ptx": true
},
{
"name": "wgmma/m64n128k32.s32.s8.s8.rs.sw128.v00",
"repo": "ptx-rs/ptx",
"source": "modules/m64n128k32_s32_s8_s8_rs.ptx",
"nvcc_flags": [],
"entry": "k",
"grid": [
1,
1,
1
],
"block": [
128,
1,
1
],
"shared_bytes": 16384,
"args": [
{
"buf": "a"
},
{
"buf": "b"
},
{
"buf": "c"
},
{
"buf": "d"
},
{
"u64": 0
},
{
"u64": 4611686293305360384
},
{
"u32": 0
},
{
"u32": 16384
},
{
"u32": 1
}
],
"buffers": {
"a": {
"dtype": "i8",
"len": 2048,
"init": "randint:-128:128"
},
"b": {
"dtype": "i8",
"len": 16384,
"init": "randint:-128:128"
},
"c": {
"dtype": "i32",
"len": 8192,
"init": "randint:-1000000:1000000"
},
"d": {
"dtype": "i32",
"len": 8192,
"init": "zeros"
}
},
"ptx": true
},
{
"name": "wgmma/m64n16k32.s32.u8.u8.rs.sw128.v00",
"repo": "ptx-rs/ptx",
"source": "modules/m64n16k32_s32_u8_u8_rs.ptx",
"nvcc_flags": [],
"entry": "k",
"grid": [
1,
1,
1
],
"block": [
128,
1,
1
],
"shared_bytes": 2048,
"args": [
{
"buf": "a"
},
{
"buf": "b"
},
{
"buf": "c"
},
{
"buf": "d"
},
{
"u64": 0
},
{
"u64": 4611686293305360384
},
{
"u32": 0
},
{
"u32": 2048
},
{
"u32": 1
}
],
"buffers": {
"a": {
"dtype": "u8",
"len": 2048,
"init": "randint:0:256"
},
"b": {
"dtype": "u8",
"len": 2048,
"init": "randint:0:256"
},
"c": {
"dtype": "i32",
"len": 1024,
"init": "randint:-1000000:1000000"
},
"d": {
"dtype": "i32",
"len": 1024,
"init": "zeros"
}
},
"ptx": true
},
{
"name": "wgmma/m64n128k32.s32.u8.u8.rs.sw128.v00",
"repo": "ptx-rs/ptx",
"source": "modules/m64n128k32_s32_u8_u8_rs.ptx",
"nvcc_flags": [],
"entry": "k",
"grid": [
1,
1,
1
],
"block": [
128,
1,
1
],
"shared_bytes": 16384,
"args": [
{
"buf": "a"
},
{
"buf": "b"
},
{
"buf": "c"
},
{
"buf": "d"
},
{
"u64": 0
},
{
"u64": 4611686293305360384
},
{
"u32": 0
},
{
"u32": 16384
},
{
"u32": 1
}
],
"buffers": {
"a": {
"dtype": "u8",
"len": 2048,
"init": "randint:0:256"
},
"b": {
"dtype": "u8",
"len": 16384,
"init": "randint:0:256"
},
"c": {
"dtype": "i32",
"len": 8192,
"init": "randint:-1000000:1000000"
},
"d": {
"dtype": "i32",
"len": 8192,
"init": "zeros"
}
},
"ptx": true
},
{
"name": "wgmma/m64n64k16.f32.f16.f16.rs.ta0.tb1.sa1.sb1.sw128.v00",
"repo": "ptx-rs/ptx",
"source": "modules/m64n64k16_f32_f16_f16_rs_ta0_tb1_sa1_sb1.ptx",
"nvcc_flags": [],
"entry": "k",
"grid": [
1,
1,
1
],
"block": [
128,
1,
1
],
"shared_bytes": 2048,
"args": [
{
"buf": "a"
},
{
"buf": "b"
},
{
"buf": "c"
},
{
"buf": "d"
},
{
"u64": 0
},
{
"u64": 4611686293313683456
},
{
"u32": 0
},
{
"u32": 2048
},
{
"u32": 1
}
],
"buffers": {
"a": {
"dtype": "f16",
"len": 1024,
"init": "normal"
},
"b": {
"dtype": "f16",
"len": 1024,
"init": "normal"
},
"c": {
"dtype": "f32",
"len": 4096,
"init": "normal"
},
"d": {
"dtype": "f32",
"len": 4096,
"init": "zeros"
}
},
"ptx": true
},
{
"name": "wgmma/m64n32k16.f32.f16.f16.ss.ta0.tb0.san.sb1.sw128.v00",
"repo": "ptx-rs/ptx",
"source": "modules/m64n32k16_f32_f16_f16_ss_ta0_tb0_san_sb1.ptx",
"nvcc_flags": [],
"entry": "k",
"grid": [
1,
1,
1
],
"block": [
128,
1,
1
],
"shared_bytes": 12288,
"args": [
{
"buf": "a"
},
{
"buf": "b"
},
{
"buf": "c"
},
{
"buf": "d"
},
{
"u64": 4611686293305360384
},
{
"u64": 4611686293305360384
},
{
"u32": 8192
},
{
"u32": 4096
},
{
"u32": 1
}
],
"buffers": {
"a": {
"dtype": "f16",
"len": 4096,
"init": "normal"
},
"b": {
"dtype": "f16",
"len": 2048,
"init": "normal"
},
"c": {
"dtype": "f32",
"len": 2048,
"init": "normal"
},
"d": {
"dtype": "f32",
"len": 2048,
"init": "zeros"
}
},
"ptx": true
},
{
"name": "wgmma/m64n32k16.f32.f16.f16.ss.ta0.tb0.san.sbn.sw128.v00",
"repo": "ptx-rs/ptx",
"source": "modules/m64n32k16_f32_f16_f16_ss_ta0_tb0_san_sbn.ptx",
"nvcc_flags": [],
"entry": "k",
"grid": [
1,
1,
1
],
"block": [
128,
1,
1
],
"shared_bytes": 12288,
"args": [
{
"buf": "a"
},
{
"buf": "b"
},
{
"buf": "c"
},
{
"buf": "d"
},
{
"u64": 4611686293305360384
},
{
"u64": 4611686293305360384
},
{
"u32": 8192
},
{
"u32": 4096
},
{
"u32": 1
}
],
"buffers": {
"a": {
"dtype": "f16",
"len": 4096,
"init": "normal"
},
"b": {
"dtype": "f16",
"len": 2048,
"init": "normal"
},
"c": {
"dtype": "f32",
"len": 2048,
"init": "normal"
},
"d": {
"dtype": "f32",
"len": 2048,
"init": "zeros"
}
},
"ptx": true
},
{
"name": "wgmma/m64n32k16.f32.f16.f16.ss.ta0.tb0.sa1.sb1.sw128.v00.nod",
"repo": "ptx-rs/ptx",
"source": "modules/m64n32k16_f32_f16_f16_ss_ta0_tb0_sa1_sb1.ptx",
"nvcc_flags": [],
"entry": "k",
"grid": [
1,
1,
1
],
"block": [
128,
1,
1
],
"shared_bytes": 12288,
"args": [
{
"buf": "a"
},
{
"buf": "b"
},
{
"buf": "c"
},
{
"buf": "d"
},
{
"u64": 4611686293305360384
},
{
"u64": 4611686293305360384
},
{
"u32": 8192
},
{
"u32": 4096
},
{
"u32": 0
}
],
"buffers": {
"a": {
"dtype": "f16",
"len": 4096,
"init": "normal"
},
"b": {
"dtype": "f16",
"len": 2048,
"init": "normal"
},
"c": {
"dtype": "f32",
"len": 2048,
"init": "normal"
},
"d": {
"dtype": "f32",
"len": 2048,
"init": "zeros"
}
},
"ptx": true
},
{
"name": "wgmma/m64n32k16.f32.bf16.bf16.ss.ta0.tb0.san.sb1.sw128.v00",
"repo": "ptx-rs/ptx",
"source": "modules/m64n32k16_f32_bf16_bf16_ss_ta0_tb0_san_sb1.ptx",
"nvcc_flags": [],
"entry": "k",
"grid": [
1,
1,
1
],
"block": [
128,
1,
1
],
"shared_bytes": 12288,
"args": [
{
"buf": "a"
},
{
"buf": "b"
},
{
"buf": "c"
},
{
"buf": "d"
},
{
"u64": 4611686293305360384
},
{
"u64": 4611686293305360384
},
{
"u32": 8192
},
{
"u32": 4096
},
{
"u32": 1
}
],
"buffers": {
"a": {
"dtype": "bf16",
"len": 4096,
"init": "normal"
},
"b": {
"dtype": "bf16",
"len": 2048,
"init": "normal"
},
"c": {
"dtype": "f32",
"len": 2048,
"init": "normal"
},
"d": {
"dtype": "f32",
"len": 2048,
"init": "zeros"
}
},
"ptx": true
},
{
"name": "wgmma/m64n32k16.f32.bf16.bf16.ss.ta0.tb0.san.sbn.sw128.v00",
"repo": "ptx-rs/ptx",
"source": "modules/m64n32k16_f32_bf16_bf16_ss_ta0_tb0_san_sbn.ptx",
"nvcc_flags": [],
"entry": "k",
"grid": [
1,
1,
1
],
"block": [
128,
1,
1
],
"shared_bytes": 12288,
"args": [
{
"buf": "a"
},
{
"buf": "b"
},
{
"buf": "c"
},
{
"buf": "d"
},
{
"u64": 4611686293305360384
},
{
"u64": 4611686293305360384
},
{
"u32": 8192
},
{
"u32": 4096
},
{
"u32": 1
}
],
"buffers": {
"a": {
"dtype": "bf16",
"len": 4096,
"init": "normal"
},
"b": {
"dtype": "bf16",
"len": 2048,
"init": "normal"
},
"c": {
"dtype": "f32",
"len": 2048,
"init": "normal"
},
"d": {
"dtype": "f32",
"len": 2048,
"init": "zeros"
}
},
"ptx": true
},
{
"name": "wgmma/m64n32k16.f32.bf16.bf16.ss.ta0.tb0.sa1.sb1.sw128.v00.nod",
"repo": "ptx-rs/ptx",
"source": "modules/m64n32k16_f32_bf16_bf16_ss_ta0_tb0_sa1_sb1.ptx",
"nvcc_flags": [],
"entry": "k",
"grid": [
1,
1,
1
],
"block": [
128,
1,
1
],
"shared_bytes": 12288,
"args": [
{
"buf": "a"
},
{
"buf": "b"
},
{
"buf": "c"
},
{
"buf": "d"
},
{
"u64": 4611686293305360384
},
{
"u64": 4611686293305360384
},
{
"u32": 8192
},
{
"u32": 4096
},
{
"u32": 0
}
],
"buffers": {
"a": {
"dtype": "bf16",
"len": 4096,
"init": "normal"
},
"b": {
"dtype": "bf16",
"len": 2048,
"init": "normal"
},
"c": {
"dtype": "f32",
"len": 2048,
"init": "normal"
},
"d": {
"dtype": "f32",
"len": 2048,
"init": "zeros"
}
},
"ptx": true
},
{
"name": "wgmma/m64n32k8.f32.tf32.tf32.ss.san.sb1.sw128.v00",
"repo": "ptx-rs/ptx",
"source": "modules/m64n32k8_f32_tf32_tf32_ss_san_sb1.ptx",
"nvcc_flags": [],
"entry": "k",
"grid": [
1,
1,
1
],
"block": [
128,
1,
1
],
"shared_bytes": 12288,
"args": [
{
"buf": "a"
},
{
"buf": "b"
},
{
"buf": "c"
},
{
"buf": "d"
},
{
"u64": 4611686293305360384
},
{
"u64": 4611686293305360384
},
{
"u32": 8192
},
{
"u32": 4096
},
{
"u32": 1
}
],
"buffers": {
"a": {
"dtype": "f32",
"len": 2048,
"init": "normal"
},
"b": {
"dtype": "f32",
"len": 1024,
"init": "normal"
},
"c": {
"dtype": "f32",
"len": 2048,
"init": "normal"
},
"d": {
"dtype": "f32",
"len": 2048,
"init": "zeros"
}
},
"ptx": true
},
{
"name": "wgmma/m64n32k8.f32.tf32.tf32.ss.san.sbn.sw128.v00",
"repo": "ptx-rs/ptx",
"source": "modules/m64n32k8_f32_tf32_tf32_ss_san_sbn.ptx",
"nvcc_flags": [],
"entry": "k",
"grid": [
1,
1,
1
],
"block": [
128,
1,
1
],
"shared_bytes": 12288,
"args": [
{
"buf": "a"
},
{
"buf": "b"
},
{
"buf": "c"
},
{
"buf": "d"
},
{
"u64": 4611686293305360384
},
{
"u64": 4611686293305360384
},
{
"u32": 8192
},
{
"u32": 4096
},
{
"u32": 1
}
],
"buffers": {
"a": {
"dtype": "f32",
"len": 2048,
"init": "normal"
},
"b": {
"dtype": "f32",
"len": 1024,
"init": "normal"
},
"c": {
"dtype": "f32",
"len": 2048,
"init": "normal"
},
"d": {
"dtype": "f32",
"len": 2048,
"init": "zeros"
}
},
"ptx": true
},
{
"name": "wgmma/m64n32k8.f32.tf32.tf32.ss.sa1.sb1.sw128.v00.nod",
"repo": "ptx-rs/ptx",
"source": "modules/m64n32k8_f32_tf32_tf32_ss_sa1_sb1.ptx",
"nvcc_flags": [],
"entry": "k",
"grid": [
1,
1,
1
],
"block": [
128,
1,
1
],
"shared_bytes": 12288,
"args": [
{
"buf": "a"
},
{
"buf": "b"
},
{
"buf": "c"
},
{
"buf": "d"
},
{
"u64": 4611686293305360384
},
{
"u64": 4611686293305360384
},
{
"u32": 8192
},
{
"u32": 4096
},
{
"u32": 0
}
],
"buffers": {
"a": {
"dtype": "f32",
"len": 2048,
"init": "normal"
},
"b": {
"dtype": "f32",
"len": 1024,
"init": "normal"
},
"c": {
"dtype": "f32",
"len": 2048,
"init": "normal"
},
"d": {
"dtype": "f32",
"len": 2048,
"init": "zeros"
}
},
"ptx": true
},
{
"name": "wgmma/m64n32k32.f16.e5m2.e5m2.ss.san.sb1.sw128.v00",
"repo": "ptx-rs/ptx",
"source": "modules/m64n32k32_f16_e5m2_e5m2_ss_san_sb1.ptx",
"nvcc_flags": [],
"entry": "k",
"grid": [
1,
1,
1
],
"block": [
128,
1,
1
],
"shared_bytes": 12288,
"args": [
{
"buf": "a"
},
{
"buf": "b"
},
{
"buf": "c"
},
{
"buf": "d"
},
{
"u64": 4611686293305360384
},
{
"u64": 4611686293305360384
},
{
"u32": 8192
},
{
"u32": 4096
},
{
"u32": 1
}
],
"buffers": {
"a": {
"dtype": "u8",
"len": 8192,
"init": "randint:0:248"
},
"b": {
"dtype": "u8",
"len": 4096,
"init": "randint:0:248"
},
"c": {
"dtype": "f16",
"len": 2048,
"init": "normal"
},
"d": {
"dtype": "f16",
"len": 2048,
"init": "zeros"
}
},
"ptx": true
},
{
"name": "wgmma/m64n32k32.f16.e5m2.e5m2.ss.san.sbn.sw128.v00",
"repo": "ptx-rs/ptx",
"source": "modules/m64n32k32_f16_e5m2_e5m2_ss_san_sbn.ptx",
"nvcc_flags": [],
"entry": "k",
"grid": [
1,
1,
1
],
"block": [
128,
1,
1
],
"shared_bytes": 12288,
"args": [
{
"buf": "a"
},
{
"buf": "b"
},
{
"buf": "c"
},
{
"buf": "d"
},
{
"u64": 4611686293305360384
},
{
"u64": 4611686293305360384
},
{
"u32": 8192
},
{
"u32": 4096
},
{
"u32": 1
}
],
"buffers": {
"a": {
"dtype": "u8",
"len": 8192,
"init": "randint:0:248"
},
"b": {
"dtype": "u8",
"len": 4096,
"init": "randint:0:248"
},
"c": {
"dtype": "f16",
"len": 2048,
"init": "normal"
},
"d": {
"dtype": "f16",
"len": 2048,
"init": "zeros"
}
},
"ptx": true
},
{
"name": "wgmma/m64n32k32.f16.e5m2.e5m2.ss.sa1.sb1.sw128.v00.nod",
"repo": "ptx-rs/ptx",
"source": "modules/m64n32k32_f16_e5m2_e5m2_ss_sa1_sb1.ptx",
"nvcc_flags": [],
"entry": "k",
"grid": [
1,
1,
1
],
"block": [
128,
1,
1
],
"shared_bytes": 12288,
"args": [
{
"buf": "a"
},
{
"buf": "b"
},
{
"buf": "c"
},
{
"buf": "d"
},
{
"u64": 4611686293305360384
},
{
"u64": 4611686293305360384
},
{
"u32": 8192
},
{
"u32": 4096
},
{
"u32": 0
}
],
"buffers": {
"a": {
"dtype": "u8",
"len": 8192,
"init": "randint:0:248"
},
"b": {
"dtype": "u8",
"len": 4096,
"init": "randint:0:248"
},
"c": {
"dtype": "f16",
"len": 2048,
"init": "normal"
},
"d": {
"dtype": "f16",
"len": 2048,
"init": "zeros"
}
},
"ptx": true
},
{
"name": "wgmma/m64n32k32.s32.s8.s8.ss.sw128.v00.nod",
"repo": "ptx-rs/ptx",
"source": "modules/m64n32k32_s32_s8_s8_ss.ptx",
"nvcc_flags": [],
"entry": "k",
"grid": [
1,
1,
1
],
"block": [
128,
1,
1
],
"shared_bytes": 12288,
"args": [
{
"buf": "a"
},
{
"buf": "b"
},
{
"buf": "c"
},
{
"buf": "d"
},
{
"u64": 4611686293305360384
},
{
"u64": 4611686293305360384
},
{
"u32": 8192
},
{
"u32": 4096
},
{
"u32": 0
}
],
"buffers": {
"a": {
"dtype": "i8",
"len": 8192,
"init": "randint:-128:128"
},
"b": {
"dtype": "i8",
"len": 4096,
"init": "randint:-128:128"
},
"c": {
"dtype": "i32",
"len": 2048,
"init": "randint:-1000000:1000000"
},
"d": {
"dtype": "i32",
"len": 2048,
"init": "zeros"
}
},
"ptx": true
},
{
"name": "wgmma/m64n32k16.f32.f16.f16.ss.ta0.tb0.sa1.sb1.sw128.v00.bits",
"repo": "ptx-rs/ptx",
"source": "modules/m64n32k16_f32_f16_f16_ss_ta0_tb0_sa1_sb1.ptx",
"nvcc_flags": [],
"entry": "k",
"grid": [
1,
1,
1
],
"block": [
128,
1,
1
],
"shared_bytes": 12288,
"args": [
{
"buf": "a"
},
{
"buf": "b"
},
{
"buf": "c"
},
{
"buf": "d"
},
{
"u64": 4611686293305360384
},
{
"u64": 4611686293305360384
},
{
"u32": 8192
},
{
"u32": 4096
},
{
"u32": 1
}
],
"buffers": {
"a": {
"dtype": "u16",
"len": 4096,
"init": "randint:0:65536"
},
"b": {
"dtype": "u16",
"len": 2048,
"init": "randint:0:65536"
},
"c": {
"dtype": "f32",
"len": 2048,
"init": "normal"
},
"d": {
"dtype": "f32",
"len": 2048,
"init": "zeros"
}
},
"ptx": true
},
{
"name": "wgmma/m64n128k16.f32.f16.f16.ss.ta0.tb0.sa1.sb1.sw128.v00.bits",
"repo": "ptx-rs/ptx",
"source": "modules/m64n128k16_f32_f16_f16_ss_ta0_tb0_sa1_sb1.ptx",
"nvcc_flags": [],
"entry": "k",
"grid": [
1,
1,
1
],
"block": [
128,
1,
1
],
"shared_bytes": 24576,
"args": [
{
"buf": "a"
},
{
"buf": "b"
},
{
"buf": "c"
},
{
"buf": "d"
},
{
"u64": 4611686293305360384
},
{
"u64": 4611686293305360384
},
{
"u32": 8192
},
{
"u32": 16384
},
{
"u32": 1
}
],
"buffers": {
"a": {
"dtype": "u16",
"len": 4096,
"init": "randint:0:65536"
},
"b": {
"dtype": "u16",
"len": 8192,
"init": "randint:0:65536"
},
"c": {
"dtype": "f32",
"len": 8192,
"init": "normal"
},
"d": {
"dtype": "f32",
"len": 8192,
"init": "zeros"
}
},
"ptx": true
},
{
"name": "wgmma/m64n32k16.f16.f16.f16.ss.ta0.tb0.sa1.sb1.sw128.v00.bits",
"repo": "ptx-rs/ptx",
"source": "modules/m64n32k16_f16_f16_f16_ss_ta0_tb0_sa1_sb1.ptx",
"nvcc_flags": [],
"entry": "k",
"grid": [
1,
1,
1
],
"block": [
128,
1,
1
],
"shared_bytes": 12288,
"args": [
{
"buf": "a"
},
{
"buf": "b"
},
{
"buf": "c"
},
{
"buf": "d"
},
{
"u64": 4611686293305360384
},
{
"u64": 4611686293305360384
},
{
"u32": 8192
},
{
"u32": 4096
},
{
"u32": 1
}
],
"buffers": {
"a": {
"dtype": "u16",
"len": 4096,
"init": "randint:0:65536"
},
"b": {
"dtype": "u16",
"len": 2048,
"init": "randint:0:65536"
},
"c": {
"dtype": "f16",
"len": 2048,
"init": "normal"
},
"d": {
"dtype": "f16",
"len": 2048,
"init": "zeros"
}
},
"ptx": true
},
{
"name": "wgmma/m64n128k16.f16.f16.f16.ss.ta0.tb0.sa1.sb1.sw128.v00.bits",
"repo": "ptx-rs/ptx",
"source": "modules/m64n128k16_f16_f16_f16_ss_ta0_tb0_sa1_sb1.ptx",
"nvcc_flags": [],
"entry": "k",
"grid": [
1,
1,
1
],
"block": [
128,
1,
1
],
"shared_bytes": 24576,
"args": [
{
"buf": "a"
},
{
"buf": "b"
},
{
"buf": "c"
},
{
"buf": "d"
},
{
"u64": 4611686293305360384
},
{
"u64": 4611686293305360384
},
{
"u32": 8192
},
{
"u32": 16384
},
{
"u32": 1
}
],
"buffers": {
"a": {
"dtype": "u16",
"len": 4096,
"init": "randint:0:65536"
},
"b": {
"dtype": "u16",
"len": 8192,
"init": "randint:0:65536"
},
"c": {
"dtype": "f16",
"len": 8192,
"init": "normal"
},
"d": {
"dtype": "f16",
"len": 8192,
"init": "zeros"
}
},
"ptx": true
},
{
"name": "wgmma/m64n32k16.f32.bf16.bf16.ss.ta0.tb0.sa1.sb1.sw128.v00.bits",
"repo": "ptx-rs/ptx",
"source": "modules/m64n32k16_f32_bf16_bf16_ss_ta0_tb0_sa1_sb1.ptx",
"nvcc_flags": [],
"entry": "k",
"grid": [
1,
1,
1
],
"block": [
128,
1,
1
],
"shared_bytes": 12288,
"args": [
{
"buf": "a"
},
{
"buf": "b"
},
{
"buf": "c"
},
{
"buf": "d"
},
{
"u64": 4611686293305360384
},
{
"u64": 4611686293305360384
},
{
"u32": 8192
},
{
"u32": 4096
},
{
"u32": 1
}
],
"buffers": {
"a": {
"dtype": "u16",
"len": 4096,
"init": "randint:0:65536"
},
"b": {
"dtype": "u16",
"len": 2048,
"init": "randint:0:65536"
},
"c": {
"dtype": "f32",
"len": 2048,
"init": "normal"
},
"d": {
"dtype": "f32",
"len": 2048,
"init": "zeros"
}
},
"ptx": true
},
{
"name": "wgmma/m64n128k16.f32.bf16.bf16.ss.ta0.tb0.sa1.sb1.sw128.v00.bits",
"repo": "ptx-rs/ptx",
"source": "modules/m64n128k16_f32_bf16_bf16_ss_ta0_tb0_sa1_sb1.ptx",
"nvcc_flags": [],
"entry": "k",
"grid": [
1,
1,
1
],
"block": [
128,
1,
1
],
"shared_bytes": 24576,
"args": [
{
"buf": "a"
},
{
"buf": "b"
},
{
"buf": "c"
},
{
"buf": "d"
},
{
"u64": 4611686293305360384
},
{
"u64": 4611686293305360384
},
{
"u32": 8192
},
{
"u32": 16384
},
{
"u32": 1
}
],
"buffers": {
"a": {
"dtype": "u16",
"len": 4096,
"init": "randint:0:65536"
},
"b": {
"dtype": "u16",
"len": 8192,
"init": "randint:0:65536"
},
"c": {
"dtype": "f32",
"len": 8192,
"init": "normal"
},
"d": {
"dtype": "f32",
"len": 8192,
"init": "zeros"
}
},
"ptx": true
},
{
"name": "wgmma/m64n32k32.f32.e4m3.e4m3.ss.sa1.sb1.sw128.v00.bits",
"repo": "ptx-rs/ptx",
"source": "modules/m64n32k32_f32_e4m3_e4m3_ss_sa1_sb1.ptx",
"nvcc_flags": [],
"entry": "k",
"grid": [
1,
1,
1
],
"block": [
128,
1,
1
],
"shared_bytes": 12288,
"args": [
{
"buf": "a"
},
{
"buf": "b"
},
{
"buf": "c"
},
{
"buf": "d"
},
{
"u64": 4611686293305360384
},
{
"u64": 4611686293305360384
},
{
"u32": 8192
},
{
"u32": 4096
},
{
"u32": 1
}
],
"buffers": {
"a": {
"dtype": "u8",
"len": 8192,
"init": "randint:0:256"
},
"b": {
"dtype": "u8",
"len": 4096,
"init": "randint:0:256"
},
"c": {
"dtype": "f32",
"len": 2048,
"init": "normal"
},
"d": {
"dtype": "f32",
"len": 2048,
"init": "zeros"
}
},
"ptx": true
},
{
"name": "wgmma/m64n128k32.f32.e4m3.e4m3.ss.sa1.sb1.sw128.v00.bits",
"repo": "ptx-rs/ptx",
"source": "modules/m64n128k32_f32_e4m3_e4m3_ss_sa1_sb1.ptx",
"nvcc_flags": [],
"entry": "k",
"grid": [
1,
1,
1
],
"block": [
128,
1,
1
],
"shared_bytes": 24576,
"args": [
{
"buf": "a"
},
{
"buf": "b"
},
{
"buf": "c"
},
{
"buf": "d"
},
{
"u64": 4611686293305360384
},
{
"u64": 4611686293305360384
},
{
"u32": 8192
},
{
"u32": 16384
},
{
"u32": 1
}
],
"buffers": {
"a": {
"dtype": "u8",
"len": 8192,
"init": "randint:0:256"
},
"b": {
"dtype": "u8",
"len": 16384,
"init": "randint:0:256"
},
"c": {
"dtype": "f32",
"len": 8192,
"init": "normal"
},
"d": {
"dtype": "f32",
"len": 8192,
"init": "zeros"
}
},
"ptx": true
},
{
"name": "wgmma/m64n32k32.f16.e5m2.e5m2.ss.sa1.sb1.sw128.v00.bits",
"repo": "ptx-rs/ptx",
"source": "modules/m64n32k32_f16_e5m2_e5m2_ss_sa1_sb1.ptx",
"nvcc_flags": [],
"entry": "k",
"grid": [
1,
1,
1
],
"block": [
128,
1,
1
],
"shared_bytes": 12288,
"args": [
{
"buf": "a"
},
{
"buf": "b"
},
{
"buf": "c"
},
{
"buf": "d"
},
{
"u64": 4611686293305360384
},
{
"u64": 4611686293305360384
},
{
"u32": 8192
},
{
"u32": 4096
},
{
"u32": 1
}
],
"buffers": {
"a": {
"dtype": "u8",
"len": 8192,
"init": "randint:0:256"
},
"b": {
"dtype": "u8",
"len": 4096,
"init": "randint:0:256"
},
"c": {
"dtype": "f16",
"len": 2048,
"init": "normal"
},
"d": {
"dtype": "f16",
"len": 2048,
"init": "zeros"
}
},
"ptx": true
},
{
"name": "wgmma/m64n128k32.f16.e5m2.e5m2.ss.sa1.sb1.sw128.v00.bits",
"repo": "ptx-rs/ptx",
"source": "modules/m64n128k32_f16_e5m2_e5m2_ss_sa1_sb1.ptx",
"nvcc_flags": [],
"entry": "k",
"grid": [
1,
1,
1
],
"block": [
128,
1,
1
],
"shared_bytes": 24576,
"args": [
{
"buf": "a"
},
{
"buf": "b"
},
{
"buf": "c"
},
{
"buf": "d"
},
{
"u64": 4611686293305360384
},
{
"u64": 4611686293305360384
},
{
"u32": 8192
},
{
"u32": 16384
},
{
"u32": 1
}
],
"buffers": {
"a": {
"dtype": "u8",
"len": 8192,
"init": "randint:0:256"
},
"b": {
"dtype": "u8",
"len": 16384,
"init": "randint:0:256"
},
"c": {
"dtype": "f16",
"len": 8192,
"init": "normal"
},
"d": {
"dtype": "f16",
"len": 8192,
"init": "zeros"
}
},
"ptx": true
},
{
"name": "wgmma/m64n32k8.f32.tf32.tf32.ss.sa1.sb1.sw128.v00.bits",
"repo": "ptx-rs/ptx",
"source": "modules/m64n32k8_f32_tf32_tf32_ss_sa1_sb1.ptx",
"nvcc_flags": [],
"entry": "k",
"grid": [
1,
1,
1
],
"block": [
128,
1,
1
],
"shared_bytes": 12288,
"args": [
{
"buf": "a"
},
{
"buf": "b"
},
{
"buf": "c"
},
{
"buf": "d"
},
{
"u64": 4611686293305360384
},
{
"u64": 4611686293305360384
},
{
"u32": 8192
},
{
"u32": 4096
},
{
"u32": 1
}
],
"buffers": {
"a": {
"dtype": "u32",
"len": 2048,
"init": "randint:0:4294967296"
},
"b": {
"dtype": "u32",
"len": 1024,
"init": "randint:0:4294967296"
},
"c": {
"dtype": "f32",
"len": 2048,
"init": "normal"
},
"d": {
"dtype": "f32",
"len": 2048,
"init": "zeros"
}
},
"ptx": true
},
{
"name": "wgmma/m64n128k8.f32.tf32.tf32.ss.sa1.sb1.sw128.v00.bits",
"repo": "ptx-rs/ptx",
"source": "modules/m64n128k8_f32_tf32_tf32_ss_sa1_sb1.ptx",
"nvcc_flags": [],
"entry": "k",
"grid": [
1,
1,
1
],
"block": [
128,
1,
1
],
"shared_bytes": 24576,
"args": [
{
"buf": "a"
},
{
"buf": "b"
},
{
"buf": "c"
},
{
"buf": "d"
},
{
"u64": 4611686293305360384
},
{
"u64": 4611686293305360384
},
{
"u32": 8192
},
{
"u32": 16384
},
{
"u32": 1
}
],
"buffers": {
"a": {
"dtype": "u32",
"len": 2048,
"init": "randint:0:4294967296"
},
"b": {
"dtype": "u32",
"len": 4096,
"init": "randint:0:4294967296"
},
"c": {
"dtype": "f32",
"len": 8192,
"init": "normal"
},
"d": {
"dtype": "f32",
"len": 8192,
"init": "zeros"
}
},
"ptx": true
},
{
"name": "wgmma/m64n24k16.f32.f16.f16.ss.ta0.tb0.sa1.sb1.sw128.v00.cancel",
"repo": "ptx-rs/ptx",
"source": "modules/m64n24k16_f32_f16_f16_ss_ta0_tb0_sa1_sb1.ptx",
"nvcc_flags": [],
"entry": "k",
"grid": [
1,
1,
1
],
"block": [
128,
1,
1
],
"shared_bytes": 11264,
"args": [
{
"buf": "a"
},
{
"buf": "b"
},
{
"buf": "c"
},
{
"buf": "d"
},
{
"u64": 4611686293305360384
},
{
"u64": 4611686293305360384
},
{
"u32": 8192
},
{
"u32": 3072
},
{
"u32": 1
}
],
"buffers": {
"a": {
"dtype": "f16",
"len": 4096,
"init": "randint:-3:4"
},
"b": {
"dtype": "f16",
"len": 1536,
"init": "randint:-3:4"
},
"c": {
"dtype": "f32",
"len": 1536,
"init": "normal"
},
"d": {
"dtype": "f32",
"len": 1536,
"init": "zeros"
}
},
"ptx": true
},
{
"name": "wgmma/m64n64k16.f32.f16.f16.ss.ta0.tb0.sa1.sb1.sw128.v00.cancel",
"repo": "ptx-rs/ptx",
"source": "modules/m64n64k16_f32_f16_f16_ss_ta0_tb0_sa1_sb1.ptx",
"nvcc_flags": [],
"entry": "k",
"grid": [
1,
1,
1
],
"block": [
128,
1,
1
],
"shared_bytes": 16384,
"args": [
{
"buf": "a"
},
{
"buf": "b"
},
{
"buf": "c"
},
{
"buf": "d"
},
{
"u64": 4611686293305360384
},
{
"u64": 4611686293305360384
},
{
"u32": 8192
},
{
"u32": 8192
},
{
"u32": 1
}
],
"buffers": {
"a": {
"dtype": "f16",
"len": 4096,
"init": "randint:-3:4"
},
"b": {
"dtype": "f16",
"len": 4096,
"init": "randint:-3:4"
},
"c": {
"dtype": "f32",
"len": 4096,
"init": "normal"
},
"d": {
"dtype": "f32",
"len": 4096,
"init": "zeros"
}
},
"ptx": true
},
{
"name": "wgmma/m64n160k16.f32.f16.f16.ss.ta0.tb0.sa1.sb1.sw128.v00.cancel",
"repo": "ptx-rs/ptx",
"source": "modules/m64n160k16_f32_f16_f16_ss_ta0_tb0_sa1_sb1.ptx",
"nvcc_flags": [],
"entry": "k",
"grid": [
1,
1,
1
],
"block": [
128,
1,
1
],
"shared_bytes": 28672,
"args": [
{
"buf": "a"
},
{
"buf": "b"
},
{
"buf": "c"
},
{
"buf": "d"
},
{
"u64": 4611686293305360384
},
{
"u64": 4611686293305360384
},
{
"u32": 8192
},
{
"u32": 20480
},
{
"u32": 1
}
],
"buffers": {
"a": {
"dtype": "f16",
"len": 4096,
"init": "randint:-3:4"
},
"b": {
"dtype": "f16",
"len": 10240,
"init": "randint:-3:4"
},
"c": {
"dtype": "f32",
"len": 10240,
"init": "normal"
},
"d": {
"dtype": "f32",
"len": 10240,
"init": "zeros"
}
},
"ptx": true
},
{
"name": "wgmma/m64n24k16.f32.bf16.bf16.ss.ta0.tb0.sa1.sb1.sw128.v00.cancel",
"repo": "ptx-rs/ptx",
"source": "modules/m64n24k16_f32_bf16_bf16_ss_ta0_tb0_sa1_sb1.ptx",
"nvcc_flags": [],
"entry": "k",
"grid": [
1,
1,
1
],
"block": [
128,
1,
1
],
"shared_bytes": 11264,
"args": [
{
"buf": "a"
},
{
"buf": "b"
},
{
"buf": "c"
},
{
"buf": "d"
},
{
"u64": 4611686293305360384
},
{
"u64": 4611686293305360384
},
{
"u32": 8192
},
{
"u32": 3072
},
{
"u32": 1
}
],
"buffers": {
"a": {
"dtype": "bf16",
"len": 4096,
"init": "randint:-3:4"
},
"b": {
"dtype": "bf16",
"len": 1536,
"init": "randint:-3:4"
},
"c": {
"dtype": "f32",
"len": 1536,
"init": "normal"
},
"d": {
"dtype": "f32",
"len": 1536,
"init": "zeros"
}
},
"ptx": true
},
{
"name": "wgmma/m64n64k16.f32.bf16.bf16.ss.ta0.tb0.sa1.sb1.sw128.v00.cancel",
"repo": "ptx-rs/ptx",
"source": "modules/m64n64k16_f32_bf16_bf16_ss_ta0_tb0_sa1_sb1.ptx",
"nvcc_flags": [],
"entry": "k",
"grid": [
1,
1,
1
],
"block": [
128,
1,
1
],
"shared_bytes": 16384,
"args": [
{
"buf": "a"
},
{
"buf": "b"
},
{
"buf": "c"
},
{
"buf": "d"
},
{
"u64": 4611686293305360384
},
{
"u64": 4611686293305360384
},
{
"u32": 8192
},
{
"u32": 8192
},
{
"u32": 1
}
],
"buffers": {
"a": {
"dtype": "bf16",
"len": 4096,
"init": "randint:-3:4"
},
"b": {
"dtype": "bf16",
"len": 4096,
"init": "randint:-3:4"
},
"c": {
"dtype": "f32",
"len": 4096,
"init": "normal"
},
"d": {
"dtype": "f32",
"len": 4096,
"init": "zeros"
}
},
"ptx": true
},
{
"name": "wgmma/m64n160k16.f32.bf16.bf16.ss.ta0.tb0.sa1.sb1.sw128.v00.cancel",
"repo": "ptx-rs/ptx",
"source": "modules/m64n160k16_f32_bf16_bf16_ss_ta0_tb0_sa1_sb1.ptx",
"nvcc_flags": [],
"entry": "k",
"grid": [
1,
1,
1
],
"block": [
128,
1,
1
],
"shared_bytes": 28672,
"args": [
{
"buf": "a"
},
{
"buf": "b"
},
{
"buf": "c"
},
{
"buf": "d"
},
{
"u64": 4611686293305360384
},
{
"u64": 4611686293305360384
},
{
"u32": 8192
},
{
"u32": 20480
},
{
"u32": 1
}
],
"buffers": {
"a": {
"dtype": "bf16",
"len": 4096,
"init": "randint:-3:4"
},
"b": {
"dtype": "bf16",
"len": 10240,
"init": "randint:-3:4"
},
"c": {
"dtype": "f32",
"len": 10240,
"init": "normal"
},
"d": {
"dtype": "f32",
"len": 10240,
"init": "zeros"
}
},
"ptx": true
},
{
"name": "wgmma/m64n24k8.f32.tf32.tf32.ss.sa1.sb1.sw128.v00.cancel",
"repo": "ptx-rs/ptx",
"source": "modules/m64n24k8_f32_tf32_tf32_ss_sa1_sb1.ptx",
"nvcc_flags": [],
"entry": "k",
"grid": [
1,
1,
1
],
"block": [
128,
1,
1
],
"shared_bytes": 11264,
"args": [
{
"buf": "a"
},
{
"buf": "b"
},
{
"buf": "c"
},
{
"buf": "d"
},
{
"u64": 4611686293305360384
},
{
"u64": 4611686293305360384
},
{
"u32": 8192
},
{
"u32": 3072
},
{
"u32": 1
}
],
"buffers": {
"a": {
"dtype": "f32",
"len": 2048,
"init": "randint:-3:4"
},
"b": {
"dtype": "f32",
"len": 768,
"init": "randint:-3:4"
},
"c": {
"dtype": "f32",
"len": 1536,
"init": "normal"
},
"d": {
"dtype": "f32",
"len": 1536,
"init": "zeros"
}
},
"ptx": true
},
{
"name": "wgmma/m64n64k8.f32.tf32.tf32.ss.sa1.sb1.sw128.v00.cancel",
"repo": "ptx-rs/ptx",
"source": "modules/m64n64k8_f32_tf32_tf32_ss_sa1_sb1.ptx",
"nvcc_flags": [],
"entry": "k",
"grid": [
1,
1,
1
],
"block": [
128,
1,
1
],
"shared_bytes": 16384,
"args": [
{
"buf": "a"
},
{
"buf": "b"
},
{
"buf": "c"
},
{
"buf": "d"
},
{
"u64": 4611686293305360384
},
{
"u64": 4611686293305360384
},
{
"u32": 8192
},
{
"u32": 8192
},
{
"u32": 1
}
],
"buffers": {
"a": {
"dtype": "f32",
"len": 2048,
"init": "randint:-3:4"
},
"b": {
"dtype": "f32",
"len": 2048,
"init": "randint:-3:4"
},
"c": {
"dtype": "f32",
"len": 4096,
"init": "normal"
},
"d": {
"dtype": "f32",
"len": 4096,
"init": "zeros"
}
},
"ptx": true
},
{
"name": "wgmma/m64n160k8.f32.tf32.tf32.ss.sa1.sb1.sw128.v00.cancel",
"repo": "ptx-rs/ptx",
"source": "modules/m64n160k8_f32_tf32_tf32_ss_sa1_sb1.ptx",
"nvcc_flags": [],
"entry": "k",
"grid": [
1,
1,
1
],
"block": [
128,
1,
1
],
"shared_bytes": 28672,
"args": [
{
"buf": "a"
},
{
"buf": "b"
},
{
"buf": "c"
},
{
"buf": "d"
},
{
"u64": 4611686293305360384
},
{
"u64": 4611686293305360384
},
{
"u32": 8192
},
{
"u32": 20480
},
{
"u32": 1
}
],
"buffers": {
"a": {
"dtype": "f32",
"len": 2048,
"init": "randint:-3:4"
},
"b": {
"dtype": "f32",
"len": 5120,
"init": "randint:-3:4"
},
"c": {
"dtype": "f32",
"len": 10240,
"init": "normal"
},
"d": {
"dtype": "f32",
"len": 10240,
"init": "zeros"
}
},
"ptx": true
},
{
"name": "wgmma/m64n24k16.f16.f16.f16.ss.ta0.tb0.sa1.sb1.sw128.v00.cancel",
"repo": "ptx-rs/ptx",
"source": "modules/m64n24k16_f16_f16_f16_ss_ta0_tb0_sa1_sb1.ptx",
"nvcc_flags": [],
"entry": "k",
"grid": [
1,
1,
1
],
"block": [
128,
1,
1
],
"shared_bytes": 11264,
"args": [
{
"buf": "a"
},
{
"buf": "b"
},
{
"buf": "c"
},
{
"buf": "d"
},
{
"u64": 4611686293305360384
},
{
"u64": 4611686293305360384
},
{
"u32": 8192
},
{
"u32": 3072
},
{
"u32": 1
}
],
"buffers": {
"a": {
"dtype": "f16",
"len": 4096,
"init": "randint:-3:4"
},
"b": {
"dtype": "f16",
"len": 1536,
"init": "randint:-3:4"
},
"c": {
"dtype": "f16",
"len": 1536,
"init": "normal"
},
"d": {
"dtype": "f16",
"len": 1536,
"init": "zeros"
}
},
"ptx": true
},
{
"name": "wgmma/m64n64k16.f16.f16.f16.ss.ta0.tb0.sa1.sb1.sw128.v00.cancel",
"repo": "ptx-rs/ptx",
"source": "modules/m64n64k16_f16_f16_f16_ss_ta0_tb0_sa1_sb1.ptx",
"nvcc_flags": [],
"entry": "k",
"grid": [
1,
1,
1
],
"block": [
128,
1,
1
],
"shared_bytes": 16384,
"args": [
{
"buf": "a"
},
{
"buf": "b"
},
{
"buf": "c"
},
{
"buf": "d"
},
{
"u64": 4611686293305360384
},
{
"u64": 4611686293305360384
},
{
"u32": 8192
},
{
"u32": 8192
},
{
"u32": 1
}
],
"buffers": {
"a": {
"dtype": "f16",
"len": 4096,
"init": "randint:-3:4"
},
"b": {
"dtype": "f16",
"len": 4096,
"init": "randint:-3:4"
},
"c": {
"dtype": "f16",
"len": 4096,
"init": "normal"
},
"d": {
"dtype": "f16",
"len": 4096,
"init": "zeros"
}
},
"ptx": true
},
{
"name": "wgmma/m64n160k16.f16.f16.f16.ss.ta0.tb0.sa1.sb1.sw128.v00.cancel",
"repo": "ptx-rs/ptx",
"source": "modules/m64n160k16_f16_f16_f16_ss_ta0_tb0_sa1_sb1.ptx",
"nvcc_flags": [],
"entry": "k",
"grid": [
1,
1,
1
],
"block": [
128,
1,
1
],
"shared_bytes": 28672,
"args": [
{
"buf": "a"
},
{
"buf": "b"
},
{
"buf": "c"
},
{
"buf": "d"
},
{
"u64": 4611686293305360384
},
{
"u64": 4611686293305360384
},
{
"u32": 8192
},
{
"u32": 20480
},
{
"u32": 1
}
],
"buffers": {
"a": {
"dtype": "f16",
"len": 4096,
"init": "randint:-3:4"
},
"b": {
"dtype": "f16",
"len": 10240,
"init": "randint:-3:4"
},
"c": {
"dtype": "f16",
"len": 10240,
"init": "normal"
},
"d": {
"dtype": "f16",
"len": 10240,
"init": "zeros"
}
},
"ptx": true
},
{
"name": "wgmma/m64n16k16.f32.f16.f16.ss.ta0.tb0.sa1.sb1.sw128.v00.draw2",
"repo": "ptx-rs/ptx",
"source": "modules/m64n16k16_f32_f16_f16_ss_ta0_tb0_sa1_sb1.ptx",
"nvcc_flags": [],
"entry": "k",
"grid": [
1,
1,
1
],
"block": [
128,
1,
1
],
"shared_bytes": 10240,
"args": [
{
"buf": "a"
},
{
"buf": "b"
},
{
"buf": "c"
},
{
"buf": "d"
},
{
"u64": 4611686293305360384
},
{
"u64": 4611686293305360384
},
{
"u32": 8192
},
{
"u32": 2048
},
{
"u32": 1
}
],
"buffers": {
"a": {
"dtype": "f16",
"len": 4096,
"init": "normal"
},
"b": {
"dtype": "f16",
"len": 1024,
"init": "normal"
},
"c": {
"dtype": "f32",
"len": 1024,
"init": "normal"
},
"d": {
"dtype": "f32",
"len": 1024,
"init": "zeros"
}
},
"ptx": true
},
{
"name": "wgmma/m64n32k16.f32.f16.f16.ss.ta0.tb0.sa1.sb1.sw128.v00.draw2",
"repo": "ptx-rs/ptx",
"source": "modules/m64n32k16_f32_f16_f16_ss_ta0_tb0_sa1_sb1.ptx",
"nvcc_flags": [],
"entry": "k",
"grid": [
1,
1,
1
],
"block": [
128,
1,
1
],
"shared_bytes": 12288,
"args": [
{
"buf": "a"
},
{
"buf": "b"
},
{
"buf": "c"
},
{
"buf": "d"
},
{
"u64": 4611686293305360384
},
{
"u64": 4611686293305360384
},
{
"u32": 8192
},
{
"u32": 4096
},
{
"u32": 1
}
],
"buffers": {
"a": {
"dtype": "f16",
"len": 4096,
"init": "normal"
},
"b": {
"dtype": "f16",
"len": 2048,
"init": "normal"
},
"c": {
"dtype": "f32",
"len": 2048,
"init": "normal"
},
"d": {
"dtype": "f32",
"len": 2048,
"init": "zeros"
}
},
"ptx": true
},
{
"name": "wgmma/m64n64k16.f32.f16.f16.ss.ta0.tb0.sa1.sb1.sw128.v00.draw2",
"repo": "ptx-rs/ptx",
"source": "modules/m64n64k16_f32_f16_f16_ss_ta0_tb0_sa1_sb1.ptx",
"nvcc_flags": [],
"entry": "k",
"grid": [
1,
1,
1
],
"block": [
128,
1,
1
],
"shared_bytes": 16384,
"args": [
{
"buf": "a"
},
{
"buf": "b"
},
{
"buf": "c"
},
{
"buf": "d"
},
{
"u64": 4611686293305360384
},
{
"u64": 4611686293305360384
},
{
"u32": 8192
},
{
"u32": 8192
},
{
"u32": 1
}
],
"buffers": {
"a": {
"dtype": "f16",
"len": 4096,
"init": "normal"
},
"b": {
"dtype": "f16",
"len": 4096,
"init": "normal"
},
"c": {
"dtype": "f32",
"len": 4096,
"init": "normal"
},
"d": {
"dtype": "f32",
"len": 4096,
"init": "zeros"
}
},
"ptx": true
},
{
"name": "wgmma/m64n128k16.f32.f16.f16.ss.ta0.tb0.sa1.sb1.sw128.v00.draw2",
"repo": "ptx-rs/ptx",
"source": "modules/m64n128k16_f32_f16_f16_ss_ta0_tb0_sa1_sb1.ptx",
"nvcc_flags": [],
"entry": "k",
"grid": [
1,
1,
1
],
"block": [
128,
1,
1
],
"shared_bytes": 24576,
"args": [
{
"buf": "a"
},
{
"buf": "b"
},
{
"buf": "c"
},
{
"buf": "d"
},
{
"u64": 4611686293305360384
},
{
"u64": 4611686293305360384
},
{
"u32": 8192
},
{
"u32": 16384
},
{
"u32": 1
}
],
"buffers": {
"a": {
"dtype": "f16",
"len": 4096,
"init": "normal"
},
"b": {
"dtype": "f16",
"len": 8192,
"init": "normal"
},
"c": {
"dtype": "f32",
"len": 8192,
"init": "normal"
},
"d": {
"dtype": "f32",
"len": 8192,
"init": "zeros"
}
},
"ptx": true
},
{
"name": "wgmma/m64n8k16.f32.f16.f16.ss.ta0.tb0.sa1.sb1.sw128.v00.draw3",
"repo": "ptx-rs/ptx",
"source": "modules/m64n8k16_f32_f16_f16_ss_ta0_tb0_sa1_sb1.ptx",
"nvcc_flags": [],
"entry": "k",
"grid": [
1,
1,
1
],
"block": [
128,
1,
1
],
"shared_bytes": 9216,
"args": [
{
"buf": "a"
},
{
"buf": "b"
},
{
"buf": "c"
},
{
"buf": "d"
},
{
"u64": 4611686293305360384
},
{
"u64": 4611686293305360384
},
{
"u32": 8192
},
{
"u32": 1024
},
{
"u32": 1
}
],
"buffers": {
"a": {
"dtype": "f16",
"len": 4096,
"init": "normal"
},
"b": {
"dtype": "f16",
"len": 512,
"init": "normal"
},
"c": {
"dtype": "f32",
"len": 512,
"init": "normal"
},
"d": {
"dtype": "f32",
"len": 512,
"init": "zeros"
}
},
"ptx": true
},
{
"name": "wgmma/m64n48k16.f32.f16.f16.ss.ta0.tb0.sa1.sb1.sw128.v00.draw3",
"repo": "ptx-rs/ptx",
"source": "modules/m64n48k16_f32_f16_f16_ss_ta0_tb0_sa1_sb1.ptx",
"nvcc_flags": [],
"entry": "k",
"grid": [
1,
1,
1
],
"block": [
128,
1,
1
],
"shared_bytes": 14336,
"args": [
{
"buf": "a"
},
{
"buf": "b"
},
{
"buf": "c"
},
{
"buf": "d"
},
{
"u64": 4611686293305360384
},
{
"u64": 4611686293305360384
},
{
"u32": 8192
},
{
"u32": 6144
},
{
"u32": 1
}
],
"buffers": {
"a": {
"dtype": "f16",
"len": 4096,
"init": "normal"
},
"b": {
"dtype": "f16",
"len": 3072,
"init": "normal"
},
"c": {
"dtype": "f32",
"len": 3072,
"init": "normal"
},
"d": {
"dtype": "f32",
"len": 3072,
"init": "zeros"
}
},
"ptx": true
},
{
"name": "wgmma/m64n96k16.f32.f16.f16.ss.ta0.tb0.sa1.sb1.sw128.v00.draw3",
"repo": "ptx-rs/ptx",
"source": "modules/m64n96k16_f32_f16_f16_ss_ta0_tb0_sa1_sb1.ptx",
"nvcc_flags": [],
"entry": "k",
"grid": [
1,
1,
1
],
"block": [
128,
1,
1
],
"shared_bytes": 20480,
"args": [
{
"buf": "a"
},
{
"buf": "b"
},
{
"buf": "c"
},
{
"buf": "d"
},
{
"u64": 4611686293305360384
},
{
"u64": 4611686293305360384
},
{
"u32": 8192
},
{
"u32": 12288
},
{
"u32": 1
}
],
"buffers": {
"a": {
"dtype": "f16",
"len": 4096,
"init": "normal"
},
"b": {
"dtype": "f16",
"len": 6144,
"init": "normal"
},
"c": {
"dtype": "f32",
"len": 6144,
"init": "normal"
},
"d": {
"dtype": "f32",
"len": 6144,
"init": "zeros"
}
},
"ptx": true
},
{
"name": "wgmma/m64n16k16.f32.bf16.bf16.ss.ta0.tb0.sa1.sb1.sw128.v00.draw2",
"repo": "ptx-rs/ptx",
"source": "modules/m64n16k16_f32_bf16_bf16_ss_ta0_tb0_sa1_sb1.ptx",
"nvcc_flags": [],
"entry": "k",
"grid": [
1,
1,
1
],
"block": [
128,
1,
1
],
"shared_bytes": 10240,
"args": [
{
"buf": "a"
},
{
"buf": "b"
},
{
"buf": "c"
},
{
"buf": "d"
},
{
"u64": 4611686293305360384
},
{
"u64": 4611686293305360384
},
{
"u32": 8192
},
{
"u32": 2048
},
{
"u32": 1
}
],
"buffers": {
"a": {
"dtype": "bf16",
"len": 4096,
"init": "normal"
},
"b": {
"dtype": "bf16",
"len": 1024,
"init": "normal"
},
"c": {
"dtype": "f32",
"len": 1024,
"init": "normal"
},
"d": {
"dtype": "f32",
"len": 1024,
"init": "zeros"
}
},
"ptx": true
},
{
"name": "wgmma/m64n32k16.f32.bf16.bf16.ss.ta0.tb0.sa1.sb1.sw128.v00.draw2",
"repo": "ptx-rs/ptx",
"source": "modules/m64n32k16_f32_bf16_bf16_ss_ta0_tb0_sa1_sb1.ptx",
"nvcc_flags": [],
"entry": "k",
"grid": [
1,
1,
1
],
"block": [
128,
1,
1
],
"shared_bytes": 12288,
"args": [
{
"buf": "a"
},
{
"buf": "b"
},
{
"buf": "c"
},
{
"buf": "d"
},
{
"u64": 4611686293305360384
},
{
"u64": 4611686293305360384
},
{
"u32": 8192
},
{
"u32": 4096
},
{
"u32": 1
}
],
"buffers": {
"a": {
"dtype": "bf16",
"len": 4096,
"init": "normal"
},
"b": {
"dtype": "bf16",
"len": 2048,
"init": "normal"
},
"c": {
"dtype": "f32",
"len": 2048,
"init": "normal"
},
"d": {
"dtype": "f32",
"len": 2048,
"init": "zeros"
}
},
"ptx": true
},
{
"name": "wgmma/m64n64k16.f32.bf16.bf16.ss.ta0.tb0.sa1.sb1.sw128.v00.draw2",
"repo": "ptx-rs/ptx",
"source": "modules/m64n64k16_f32_bf16_bf16_ss_ta0_tb0_sa1_sb1.ptx",
"nvcc_flags": [],
"entry": "k",
"grid": [
1,
1,
1
],
"block": [
128,
1,
1
],
"shared_bytes": 16384,
"args": [
{
"buf": "a"
},
{
"buf": "b"
},
{
"buf": "c"
},
{
"buf": "d"
},
{
"u64": 4611686293305360384
},
{
"u64": 4611686293305360384
},
{
"u32": 8192
},
{
"u32": 8192
},
{
"u32": 1
}
],
"buffers": {
"a": {
"dtype": "bf16",
"len": 4096,
"init": "normal"
},
"b": {
"dtype": "bf16",
"len": 4096,
"init": "normal"
},
"c": {
"dtype": "f32",
"len": 4096,
"init": "normal"
},
"d": {
"dtype": "f32",
"len": 4096,
"init": "zeros"
}
},
"ptx": true
},
{
"name": "wgmma/m64n128k16.f32.bf16.bf16.ss.ta0.tb0.sa1.sb1.sw128.v00.draw2",
"repo": "ptx-rs/ptx",
"source": "modules/m64n128k16_f32_bf16_bf16_ss_ta0_tb0_sa1_sb1.ptx",
"nvcc_flags": [],
"entry": "k",
"grid": [
1,
1,
1
],
"block": [
128,
1,
1
],
"shared_bytes": 24576,
"args": [
{
"buf": "a"
},
{
"buf": "b"
},
{
"buf": "c"
},
{
"buf": "d"
},
{
"u64": 4611686293305360384
},
{
"u64": 4611686293305360384
},
{
"u32": 8192
},
{
"u32": 16384
},
{
"u32": 1
}
],
"buffers": {
"a": {
"dtype": "bf16",
"len": 4096,
"init": "normal"
},
"b": {
"dtype": "bf16",
"len": 8192,
"init": "normal"
},
"c": {
"dtype": "f32",
"len": 8192,
"init": "normal"
},
"d": {
"dtype": "f32",
"len": 8192,
"init": "zeros"
}
},
"ptx": true
},
{
"name": "wgmma/m64n8k16.f32.bf16.bf16.ss.ta0.tb0.sa1.sb1.sw128.v00.draw3",
"repo": "ptx-rs/ptx",
"source": "modules/m64n8k16_f32_bf16_bf16_ss_ta0_tb0_sa1_sb1.ptx",
"nvcc_flags": [],
"entry": "k",
"grid": [
1,
1,
1
],
"block": [
128,
1,
1
],
"shared_bytes": 9216,
"args": [
{
"buf": "a"
},
{
"buf": "b"
},
{
"buf": "c"
},
{
"buf": "d"
},
{
"u64": 4611686293305360384
},
{
"u64": 4611686293305360384
},
{
"u32": 8192
},
{
"u32": 1024
},
{
"u32": 1
}
],
"buffers": {
"a": {
"dtype": "bf16",
"len": 4096,
"init": "normal"
},
"b": {
"dtype": "bf16",
"len": 512,
"init": "normal"
},
"c": {
"dtype": "f32",
"len": 512,
"init": "normal"
},
"d": {
"dtype": "f32",
"len": 512,
"init": "zeros"
}
},
"ptx": true
},
{
"name": "wgmma/m64n48k16.f32.bf16.bf16.ss.ta0.tb0.sa1.sb1.sw128.v00.draw3",
"repo": "ptx-rs/ptx",
"source": "modules/m64n48k16_f32_bf16_bf16_ss_ta0_tb0_sa1_sb1.ptx",
"nvcc_flags": [],
"entry": "k",
"grid": [
1,
1,
1
],
"block": [
128,
1,
1
],
"shared_bytes": 14336,
"args": [
{
"buf": "a"
},
{
"buf": "b"
},
{
"buf": "c"
},
{
"buf": "d"
},
{
"u64": 4611686293305360384
},
{
"u64": 4611686293305360384
},
{
"u32": 8192
},
{
"u32": 6144
},
{
"u32": 1
}
],
"buffers": {
"a": {
"dtype": "bf16",
"len": 4096,
"init": "normal"
},
"b": {
"dtype": "bf16",
"len": 3072,
"init": "normal"
},
"c": {
"dtype": "f32",
"len": 3072,
"init": "normal"
},
"d": {
"dtype": "f32",
"len": 3072,
"init": "zeros"
}
},
"ptx": true
},
{
"name": "wgmma/m64n96k16.f32.bf16.bf16.ss.ta0.tb0.sa1.sb1.sw128.v00.draw3",
"repo": "ptx-rs/ptx",
"source": "modules/m64n96k16_f32_bf16_bf16_ss_ta0_tb0_sa1_sb1.ptx",
"nvcc_flags": [],
"entry": "k",
"grid": [
1,
1,
1
],
"block": [
128,
1,
1
],
"shared_bytes": 20480,
"args": [
{
"buf": "a"
},
{
"buf": "b"
},
{
"buf": "c"
},
{
"buf": "d"
},
{
"u64": 4611686293305360384
},
{
"u64": 4611686293305360384
},
{
"u32": 8192
},
{
"u32": 12288
},
{
"u32": 1
}
],
"buffers": {
"a": {
"dtype": "bf16",
"len": 4096,
"init": "normal"
},
"b": {
"dtype": "bf16",
"len": 6144,
"init": "normal"
},
"c": {
"dtype": "f32",
"len": 6144,
"init": "normal"
},
"d": {
"dtype": "f32",
"len": 6144,
"init": "zeros"
}
},
"ptx": true
},
{
"name": "wgmma/m64n16k8.f32.tf32.tf32.ss.sa1.sb1.sw128.v00.draw2",
"repo": "ptx-rs/ptx",
"source": "modules/m64n16k8_f32_tf32_tf32_ss_sa1_sb1.ptx",
"nvcc_flags": [],
"entry": "k",
"grid": [
1,
1,
1
],
"block": [
128,
1,
1
],
"shared_bytes": 10240,
"args": [
{
"buf": "a"
},
{
"buf": "b"
},
{
"buf": "c"
},
{
"buf": "d"
},
{
"u64": 4611686293305360384
},
{
"u64": 4611686293305360384
},
{
"u32": 8192
},
{
"u32": 2048
},
{
"u32": 1
}
],
"buffers": {
"a": {
"dtype": "f32",
"len": 2048,
"init": "normal"
},
"b": {
"dtype": "f32",
"len": 512,
"init": "normal"
},
"c": {
"dtype": "f32",
"len": 1024,
"init": "normal"
},
"d": {
"dtype": "f32",
"len": 1024,
"init": "zeros"
}
},
"ptx": true
},
{
"name": "wgmma/m64n32k8.f32.tf32.tf32.ss.sa1.sb1.sw128.v00.draw2",
"repo": "ptx-rs/ptx",
"source": "modules/m64n32k8_f32_tf32_tf32_ss_sa1_sb1.ptx",
"nvcc_flags": [],
"entry": "k",
"grid": [
1,
1,
1
],
"block": [
128,
1,
1
],
"shared_bytes": 12288,
"args": [
{
"buf": "a"
},
{
"buf": "b"
},
{
"buf": "c"
},
{
"buf": "d"
},
{
"u64": 4611686293305360384
},
{
"u64": 4611686293305360384
},
{
"u32": 8192
},
{
"u32": 4096
},
{
"u32": 1
}
],
"buffers": {
"a": {
"dtype": "f32",
"len": 2048,
"init": "normal"
},
"b": {
"dtype": "f32",
"len": 1024,
"init": "normal"
},
"c": {
"dtype": "f32",
"len": 2048,
"init": "normal"
},
"d": {
"dtype": "f32",
"len": 2048,
"init": "zeros"
}
},
"ptx": true
},
{
"name": "wgmma/m64n64k8.f32.tf32.tf32.ss.sa1.sb1.sw128.v00.draw2",
"repo": "ptx-rs/ptx",
"source": "modules/m64n64k8_f32_tf32_tf32_ss_sa1_sb1.ptx",
"nvcc_flags": [],
"entry": "k",
"grid": [
1,
1,
1
],
"block": [
128,
1,
1
],
"shared_bytes": 16384,
"args": [
{
"buf": "a"
},
{
"buf": "b"
},
{
"buf": "c"
},
{
"buf": "d"
},
{
"u64": 4611686293305360384
},
{
"u64": 4611686293305360384
},
{
"u32": 8192
},
{
"u32": 8192
},
{
"u32": 1
}
],
"buffers": {
"a": {
"dtype": "f32",
"len": 2048,
"init": "normal"
},
"b": {
"dtype": "f32",
"len": 2048,
"init": "normal"
},
"c": {
"dtype": "f32",
"len": 4096,
"init": "normal"
},
"d": {
"dtype": "f32",
"len": 4096,
"init": "zeros"
}
},
"ptx": true
},
{
"name": "wgmma/m64n128k8.f32.tf32.tf32.ss.sa1.sb1.sw128.v00.draw2",
"repo": "ptx-rs/ptx",
"source": "modules/m64n128k8_f32_tf32_tf32_ss_sa1_sb1.ptx",
"nvcc_flags": [],
"entry": "k",
"grid": [
1,
1,
1
],
"block": [
128,
1,
1
],
"shared_bytes": 24576,
"args": [
{
"buf": "a"
},
{
"buf": "b"
},
{
"buf": "c"
},
{
"buf": "d"
},
{
"u64": 4611686293305360384
},
{
"u64": 4611686293305360384
},
{
"u32": 8192
},
{
"u32": 16384
},
{
"u32": 1
}
],
"buffers": {
"a": {
"dtype": "f32",
"len": 2048,
"init": "normal"
},
"b": {
"dtype": "f32",
"len": 4096,
"init": "normal"
},
"c": {
"dtype": "f32",
"len": 8192,
"init": "normal"
},
"d": {
"dtype": "f32",
"len": 8192,
"init": "zeros"
}
},
"ptx": true
},
{
"name": "wgmma/m64n8k8.f32.tf32.tf32.ss.sa1.sb1.sw128.v00.draw3",
"repo": "ptx-rs/ptx",
"source": "modules/m64n8k8_f32_tf32_tf32_ss_sa1_sb1.ptx",
"nvcc_flags": [],
"entry": "k",
"grid": [
1,
1,
1
],
"block": [
128,
1,
1
],
"shared_bytes": 9216,
"args": [
{
"buf": "a"
},
{
"buf": "b"
},
{
"buf": "c"
},
{
"buf": "d"
},
{
"u64": 4611686293305360384
},
{
"u64": 4611686293305360384
},
{
"u32": 8192
},
{
"u32": 1024
},
{
"u32": 1
}
],
"buffers": {
"a": {
"dtype": "f32",
"len": 2048,
"init": "normal"
},
"b": {
"dtype": "f32",
"len": 256,
"init": "normal"
},
"c": {
"dtype": "f32",
"len": 512,
"init": "normal"
},
"d": {
"dtype": "f32",
"len": 512,
"init": "zeros"
}
},
"ptx": true
},
{
"name": "wgmma/m64n48k8.f32.tf32.tf32.ss.sa1.sb1.sw128.v00.draw3",
"repo": "ptx-rs/ptx",
"source": "modules/m64n48k8_f32_tf32_tf32_ss_sa1_sb1.ptx",
"nvcc_flags": [],
"entry": "k",
"grid": [
1,
1,
1
],
"block": [
128,
1,
1
],
"shared_bytes": 14336,
"args": [
{
"buf": "a"
},
{
"buf": "b"
},
{
"buf": "c"
},
{
"buf": "d"
},
{
"u64": 4611686293305360384
},
{
"u64": 4611686293305360384
},
{
"u32": 8192
},
{
"u32": 6144
},
{
"u32": 1
}
],
"buffers": {
"a": {
"dtype": "f32",
"len": 2048,
"init": "normal"
},
"b": {
"dtype": "f32",
"len": 1536,
"init": "normal"
},
"c": {
"dtype": "f32",
"len": 3072,
"init": "normal"
},
"d": {
"dtype": "f32",
"len": 3072,
"init": "zeros"
}
},
"ptx": true
},
{
"name": "wgmma/m64n96k8.f32.tf32.tf32.ss.sa1.sb1.sw128.v00.draw3",
"repo": "ptx-rs/ptx",
"source": "modules/m64n96k8_f32_tf32_tf32_ss_sa1_sb1.ptx",
"nvcc_flags": [],
"entry": "k",
"grid": [
1,
1,
1
],
"block": [
128,
1,
1
],
"shared_bytes": 20480,
"args": [
{
"buf": "a"
},
{
"buf": "b"
},
{
"buf": "c"
},
{
"buf": "d"
},
{
"u64": 4611686293305360384
},
{
"u64": 4611686293305360384
},
{
"u32": 8192
},
{
"u32": 12288
},
{
"u32": 1
}
],
"buffers": {
"a": {
"dtype": "f32",
"len": 2048,
"init": "normal"
},
"b": {
"dtype": "f32",
"len": 3072,
"init": "normal"
},
"c": {
"dtype": "f32",
"len": 6144,
"init": "normal"
},
"d": {
"dtype": "f32",
"len": 6144,
"init": "zeros"
}
},
"ptx": true
},
{
"name": "wgmma/m64n16k32.f32.e4m3.e4m3.ss.sa1.sb1.sw128.v00.draw2",
"repo": "ptx-rs/ptx",
"source": "modules/m64n16k32_f32_e4m3_e4m3_ss_sa1_sb1.ptx",
"nvcc_flags": [],
"entry": "k",
"grid": [
1,
1,
1
],
"block": [
128,
1,
1
],
"shared_bytes": 10240,
"args": [
{
"buf": "a"
},
{
"buf": "b"
},
{
"buf": "c"
},
{
"buf": "d"
},
{
"u64": 4611686293305360384
},
{
"u64": 4611686293305360384
},
{
"u32": 8192
},
{
"u32": 2048
},
{
"u32": 1
}
],
"buffers": {
"a": {
"dtype": "u8",
"len": 8192,
"init": "randint:0:248"
},
"b": {
"dtype": "u8",
"len": 2048,
"init": "randint:0:248"
},
"c": {
"dtype": "f32",
"len": 1024,
"init": "normal"
},
"d": {
"dtype": "f32",
"len": 1024,
"init": "zeros"
}
},
"ptx": true
},
{
"name": "wgmma/m64n32k32.f32.e4m3.e4m3.ss.sa1.sb1.sw128.v00.draw2",
"repo": "ptx-rs/ptx",
"source": "modules/m64n32k32_f32_e4m3_e4m3_ss_sa1_sb1.ptx",
"nvcc_flags": [],
"entry": "k",
"grid": [
1,
1,
1
],
"block": [
128,
1,
1
],
"shared_bytes": 12288,
"args": [
{
"buf": "a"
},
{
"buf": "b"
},
{
"buf": "c"
},
{
"buf": "d"
},
{
"u64": 4611686293305360384
},
{
"u64": 4611686293305360384
},
{
"u32": 8192
},
{
"u32": 4096
},
{
"u32": 1
}
],
"buffers": {
"a": {
"dtype": "u8",
"len": 8192,
"init": "randint:0:248"
},
"b": {
"dtype": "u8",
"len": 4096,
"init": "randint:0:248"
},
"c": {
"dtype": "f32",
"len": 2048,
"init": "normal"
},
"d": {
"dtype": "f32",
"len": 2048,
"init": "zeros"
}
},
"ptx": true
},
{
"name": "wgmma/m64n64k32.f32.e4m3.e4m3.ss.sa1.sb1.sw128.v00.draw2",
"repo": "ptx-rs/ptx",
"source": "modules/m64n64k32_f32_e4m3_e4m3_ss_sa1_sb1.ptx",
"nvcc_flags": [],
"entry": "k",
"grid": [
1,
1,
1
],
"block": [
128,
1,
1
],
"shared_bytes": 16384,
"args": [
{
"buf": "a"
},
{
"buf": "b"
},
{
"buf": "c"
},
{
"buf": "d"
},
{
"u64": 4611686293305360384
},
{
"u64": 4611686293305360384
},
{
"u32": 8192
},
{
"u32": 8192
},
{
"u32": 1
}
],
"buffers": {
"a": {
"dtype": "u8",
"len": 8192,
"init": "randint:0:248"
},
"b": {
"dtype": "u8",
"len": 8192,
"init": "randint:0:248"
},
"c": {
"dtype": "f32",
"len": 4096,
"init": "normal"
},
"d": {
"dtype": "f32",
"len": 4096,
"init": "zeros"
}
},
"ptx": true
},
{
"name": "wgmma/m64n128k32.f32.e4m3.e4m3.ss.sa1.sb1.sw128.v00.draw2",
"repo": "ptx-rs/ptx",
"source": "modules/m64n128k32_f32_e4m3_e4m3_ss_sa1_sb1.ptx",
"nvcc_flags": [],
"entry": "k",
"grid": [
1,
1,
1
],
"block": [
128,
1,
1
],
"shared_bytes": 24576,
"args": [
{
"buf": "a"
},
{
"buf": "b"
},
{
"buf": "c"
},
{
"buf": "d"
},
{
"u64": 4611686293305360384
},
{
"u64": 4611686293305360384
},
{
"u32": 8192
},
{
"u32": 16384
},
{
"u32": 1
}
],
"buffers": {
"a": {
"dtype": "u8",
"len": 8192,
"init": "randint:0:248"
},
"b": {
"dtype": "u8",
"len": 16384,
"init": "randint:0:248"
},
"c": {
"dtype": "f32",
"len": 8192,
"init": "normal"
},
"d": {
"dtype": "f32",
"len": 8192,
"init": "zeros"
}
},
"ptx": true
},
{
"name": "wgmma/m64n8k32.f32.e4m3.e4m3.ss.sa1.sb1.sw128.v00.draw3",
"repo": "ptx-rs/ptx",
"source": "modules/m64n8k32_f32_e4m3_e4m3_ss_sa1_sb1.ptx",
"nvcc_flags": [],
"entry": "k",
"grid": [
1,
1,
1
],
"block": [
128,
1,
1
],
"shared_bytes": 9216,
"args": [
{
"buf": "a"
},
{
"buf": "b"
},
{
"buf": "c"
},
{
"buf": "d"
},
{
"u64": 4611686293305360384
},
{
"u64": 4611686293305360384
},
{
"u32": 8192
},
{
"u32": 1024
},
{
"u32": 1
}
],
"buffers": {
"a": {
"dtype": "u8",
"len": 8192,
"init": "randint:0:248"
},
"b": {
"dtype": "u8",
"len": 1024,
"init": "randint:0:248"
},
"c": {
"dtype": "f32",
"len": 512,
"init": "normal"
},
"d": {
"dtype": "f32",
"len": 512,
"init": "zeros"
}
},
"ptx": true
},
{
"name": "wgmma/m64n48k32.f32.e4m3.e4m3.ss.sa1.sb1.sw128.v00.draw3",
"repo": "ptx-rs/ptx",
"source": "modules/m64n48k32_f32_e4m3_e4m3_ss_sa1_sb1.ptx",
"nvcc_flags": [],
"entry": "k",
"grid": [
1,
1,
1
],
"block": [
128,
1,
1
],
"shared_bytes": 14336,
"args": [
{
"buf": "a"
},
{
"buf": "b"
},
{
"buf": "c"
},
{
"buf": "d"
},
{
"u64": 4611686293305360384
},
{
"u64": 4611686293305360384
},
{
"u32": 8192
},
{
"u32": 6144
},
{
"u32": 1
}
],
"buffers": {
"a": {
"dtype": "u8",
"len": 8192,
"init": "randint:0:248"
},
"b": {
"dtype": "u8",
"len": 6144,
"init": "randint:0:248"
},
"c": {
"dtype": "f32",
"len": 3072,
"init": "normal"
},
"d": {
"dtype": "f32",
"len": 3072,
"init": "zeros"
}
},
"ptx": true
},
{
"name": "wgmma/m64n96k32.f32.e4m3.e4m3.ss.sa1.sb1.sw128.v00.draw3",
"repo": "ptx-rs/ptx",
"source": "modules/m64n96k32_f32_e4m3_e4m3_ss_sa1_sb1.ptx",
"nvcc_flags": [],
"entry": "k",
"grid": [
1,
1,
1
],
"block": [
128,
1,
1
],
"shared_bytes": 20480,
"args": [
{
"buf": "a"
},
{
"buf": "b"
},
{
"buf": "c"
},
{
"buf": "d"
},
{
"u64": 4611686293305360384
},
{
"u64": 4611686293305360384
},
{
"u32": 8192
},
{
"u32": 12288
},
{
"u32": 1
}
],
"buffers": {
"a": {
"dtype": "u8",
"len": 8192,
"init": "randint:0:248"
},
"b": {
"dtype": "u8",
"len": 12288,
"init": "randint:0:248"
},
"c": {
"dtype": "f32",
"len": 6144,
"init": "normal"
},
"d": {
"dtype": "f32",
"len": 6144,
"init": "zeros"
}
},
"ptx": true
},
{
"name": "wgmma/m64n16k32.f32.e5m2.e5m2.ss.sa1.sb1.sw128.v00.draw2",
"repo": "ptx-rs/ptx",
"source": "modules/m64n16k32_f32_e5m2_e5m2_ss_sa1_sb1.ptx",
"nvcc_flags": [],
"entry": "k",
"grid": [
1,
1,
1
],
"block": [
128,
1,
1
],
"shared_bytes": 10240,
"args": [
{
"buf": "a"
},
{
"buf": "b"
},
{
"buf": "c"
},
{
"buf": "d"
},
{
"u64": 4611686293305360384
},
{
"u64": 4611686293305360384
},
{
"u32": 8192
},
{
"u32": 2048
},
{
"u32": 1
}
],
"buffers": {
"a": {
"dtype": "u8",
"len": 8192,
"init": "randint:0:248"
},
"b": {
"dtype": "u8",
"len": 2048,
"init": "randint:0:248"
},
"c": {
"dtype": "f32",
"len": 1024,
"init": "normal"
},
"d": {
"dtype": "f32",
"len": 1024,
"init": "zeros"
}
},
"ptx": true
},
{
"name": "wgmma/m64n32k32.f32.e5m2.e5m2.ss.sa1.sb1.sw128.v00.draw2",
"repo": "ptx-rs/ptx",
"source": "modules/m64n32k32_f32_e5m2_e5m2_ss_sa1_sb1.ptx",
"nvcc_flags": [],
"entry": "k",
"grid": [
1,
1,
1
],
"block": [
128,
1,
1
],
"shared_bytes": 12288,
"args": [
{
"buf": "a"
},
{
"buf": "b"
},
{
"buf": "c"
},
{
"buf": "d"
},
{
"u64": 4611686293305360384
},
{
"u64": 4611686293305360384
},
{
"u32": 8192
},
{
"u32": 4096
},
{
"u32": 1
}
],
"buffers": {
"a": {
"dtype": "u8",
"len": 8192,
"init": "randint:0:248"
},
"b": {
"dtype": "u8",
"len": 4096,
"init": "randint:0:248"
},
"c": {
"dtype": "f32",
"len": 2048,
"init": "normal"
},
"d": {
"dtype": "f32",
"len": 2048,
"init": "zeros"
}
},
"ptx": true
},
{
"name": "wgmma/m64n64k32.f32.e5m2.e5m2.ss.sa1.sb1.sw128.v00.draw2",
"repo": "ptx-rs/ptx",
"source": "modules/m64n64k32_f32_e5m2_e5m2_ss_sa1_sb1.ptx",
"nvcc_flags": [],
"entry": "k",
"grid": [
1,
1,
1
],
"block": [
128,
1,
1
],
"shared_bytes": 16384,
"args": [
{
"buf": "a"
},
{
"buf": "b"
},
{
"buf": "c"
},
{
"buf": "d"
},
{
"u64": 4611686293305360384
},
{
"u64": 4611686293305360384
},
{
"u32": 8192
},
{
"u32": 8192
},
{
"u32": 1
}
],
"buffers": {
"a": {
"dtype": "u8",
"len": 8192,
"init": "randint:0:248"
},
"b": {
"dtype": "u8",
"len": 8192,
"init": "randint:0:248"
},
"c": {
"dtype": "f32",
"len": 4096,
"init": "normal"
},
"d": {
"dtype": "f32",
"len": 4096,
"init": "zeros"
}
},
"ptx": true
},
{
"name": "wgmma/m64n128k32.f32.e5m2.e5m2.ss.sa1.sb1.sw128.v00.draw2",
"repo": "ptx-rs/ptx",
"source": "modules/m64n128k32_f32_e5m2_e5m2_ss_sa1_sb1.ptx",
"nvcc_flags": [],
"entry": "k",
"grid": [
1,
1,
1
],
"block": [
128,
1,
1
],
"shared_bytes": 24576,
"args": [
{
"buf": "a"
},
{
"buf": "b"
},
{
"buf": "c"
},
{
"buf": "d"
},
{
"u64": 4611686293305360384
},
{
"u64": 4611686293305360384
},
{
"u32": 8192
},
{
"u32": 16384
},
{
"u32": 1
}
],
"buffers": {
"a": {
"dtype": "u8",
"len": 8192,
"init": "randint:0:248"
},
"b": {
"dtype": "u8",
"len": 16384,
"init": "randint:0:248"
},
"c": {
"dtype": "f32",
"len": 8192,
"init": "normal"
},
"d": {
"dtype": "f32",
"len": 8192,
"init": "zeros"
}
},
"ptx": true
},
{
"name": "wgmma/m64n8k32.f32.e5m2.e5m2.ss.sa1.sb1.sw128.v00.draw3",
"repo": "ptx-rs/ptx",
"source": "modules/m64n8k32_f32_e5m2_e5m2_ss_sa1_sb1.ptx",
"nvcc_flags": [],
"entry": "k",
"grid": [
1,
1,
1
],
"block": [
128,
1,
1
],
"shared_bytes": 9216,
"args": [
{
"buf": "a"
},
{
"buf": "b"
},
{
"buf": "c"
},
{
"buf": "d"
},
{
"u64": 4611686293305360384
},
{
"u64": 4611686293305360384
},
{
"u32": 8192
},
{
"u32": 1024
},
{
"u32": 1
}
],
"buffers": {
"a": {
"dtype": "u8",
"len": 8192,
"init": "randint:0:248"
},
"b": {
"dtype": "u8",
"len": 1024,
"init": "randint:0:248"
},
"c": {
"dtype": "f32",
"len": 512,
"init": "normal"
},
"d": {
"dtype": "f32",
"len": 512,
"init": "zeros"
}
},
"ptx": true
},
{
"name": "wgmma/m64n48k32.f32.e5m2.e5m2.ss.sa1.sb1.sw128.v00.draw3",
"repo": "ptx-rs/ptx",
"source": "modules/m64n48k32_f32_e5m2_e5m2_ss_sa1_sb1.ptx",
"nvcc_flags": [],
"entry": "k",
"grid": [
1,
1,
1
],
"block": [
128,
1,
1
],
"shared_bytes": 14336,
"args": [
{
"buf": "a"
},
{
"buf": "b"
},
{
"buf": "c"
},
{
"buf": "d"
},
{
"u64": 4611686293305360384
},
{
"u64": 4611686293305360384
},
{
"u32": 8192
},
{
"u32": 6144
},
{
"u32": 1
}
],
"buffers": {
"a": {
"dtype": "u8",
"len": 8192,
"init": "randint:0:248"
},
"b": {
"dtype": "u8",
"len": 6144,
"init": "randint:0:248"
},
"c": {
"dtype": "f32",
"len": 3072,
"init": "normal"
},
"d": {
"dtype": "f32",
"len": 3072,
"init": "zeros"
}
},
"ptx": true
},
{
"name": "wgmma/m64n96k32.f32.e5m2.e5m2.ss.sa1.sb1.sw128.v00.draw3",
"repo": "ptx-rs/ptx",
"source": "modules/m64n96k32_f32_e5m2_e5m2_ss_sa1_sb1.ptx",
"nvcc_flags": [],
"entry": "k",
"grid": [
1,
1,
1
],
"block": [
128,
1,
1
],
"shared_bytes": 20480,
"args": [
{
"buf": "a"
},
{
"buf": "b"
},
{
"buf": "c"
},
{
"buf": "d"
},
{
"u64": 4611686293305360384
},
{
"u64": 4611686293305360384
},
{
"u32": 8192
},
{
"u32": 12288
},
{
"u32": 1
}
],
"buffers": {
"a": {
"dtype": "u8",
"len": 8192,
"init": "randint:0:248"
},
"b": {
"dtype": "u8",
"len": 12288,
"init": "randint:0:248"
},
"c": {
"dtype": "f32",
"len": 6144,
"init": "normal"
},
"d": {
"dtype": "f32",
"len": 6144,
"init": "zeros"
}
},
"ptx": true
},
{
"name": "wgmma/m64n16k32.f16.e4m3.e4m3.ss.sa1.sb1.sw128.v00.draw2",
"repo": "ptx-rs/ptx",
"source": "modules/m64n16k32_f16_e4m3_e4m3_ss_sa1_sb1.ptx",
"nvcc_flags": [],
"entry": "k",
"grid": [
1,
1,
1
],
"block": [
128,
1,
1
],
"shared_bytes": 10240,
"args": [
{
"buf": "a"
},
{
"buf": "b"
},
{
"buf": "c"
},
{
"buf": "d"
},
{
"u64": 4611686293305360384
},
{
"u64": 4611686293305360384
},
{
"u32": 8192
},
{
"u32": 2048
},
{
"u32": 1
}
],
"buffers": {
"a": {
"dtype": "u8",
"len": 8192,
"init": "randint:0:248"
},
"b": {
"dtype": "u8",
"len": 2048,
"init": "randint:0:248"
},
"c": {
"dtype": "f16",
"len": 1024,
"init": "normal"
},
"d": {
"dtype": "f16",
"len": 1024,
"init": "zeros"
}
},
"ptx": true
},
{
"name": "wgmma/m64n32k32.f16.e4m3.e4m3.ss.sa1.sb1.sw128.v00.draw2",
"repo": "ptx-rs/ptx",
"source": "modules/m64n32k32_f16_e4m3_e4m3_ss_sa1_sb1.ptx",
"nvcc_flags": [],
"entry": "k",
"grid": [
1,
1,
1
],
"block": [
128,
1,
1
],
"shared_bytes": 12288,
"args": [
{
"buf": "a"
},
{
"buf": "b"
},
{
"buf": "c"
},
{
"buf": "d"
},
{
"u64": 4611686293305360384
},
{
"u64": 4611686293305360384
},
{
"u32": 8192
},
{
"u32": 4096
},
{
"u32": 1
}
],
"buffers": {
"a": {
"dtype": "u8",
"len": 8192,
"init": "randint:0:248"
},
"b": {
"dtype": "u8",
"len": 4096,
"init": "randint:0:248"
},
"c": {
"dtype": "f16",
"len": 2048,
"init": "normal"
},
"d": {
"dtype": "f16",
"len": 2048,
"init": "zeros"
}
},
"ptx": true
},
{
"name": "wgmma/m64n64k32.f16.e4m3.e4m3.ss.sa1.sb1.sw128.v00.draw2",
"repo": "ptx-rs/ptx",
"source": "modules/m64n64k32_f16_e4m3_e4m3_ss_sa1_sb1.ptx",
"nvcc_flags": [],
"entry": "k",
"grid": [
1,
1,
1
],
"block": [
128,
1,
1
],
"shared_bytes": 16384,
"args": [
{
"buf": "a"
},
{
"buf": "b"
},
{
"buf": "c"
},
{
"buf": "d"
},
{
"u64": 4611686293305360384
},
{
"u64": 4611686293305360384
},
{
"u32": 8192
},
{
"u32": 8192
},
{
"u32": 1
}
],
"buffers": {
"a": {
"dtype": "u8",
"len": 8192,
"init": "randint:0:248"
},
"b": {
"dtype": "u8",
"len": 8192,
"init": "randint:0:248"
},
"c": {
"dtype": "f16",
"len": 4096,
"init": "normal"
},
"d": {
"dtype": "f16",
"len": 4096,
"init": "zeros"
}
},
"ptx": true
},
{
"name": "wgmma/m64n128k32.f16.e4m3.e4m3.ss.sa1.sb1.sw128.v00.draw2",
"repo": "ptx-rs/ptx",
"source": "modules/m64n128k32_f16_e4m3_e4m3_ss_sa1_sb1.ptx",
"nvcc_flags": [],
"entry": "k",
"grid": [
1,
1,
1
],
"block": [
128,
1,
1
],
"shared_bytes": 24576,
"args": [
{
"buf": "a"
},
{
"buf": "b"
},
{
"buf": "c"
},
{
"buf": "d"
},
{
"u64": 4611686293305360384
},
{
"u64": 4611686293305360384
},
{
"u32": 8192
},
{
"u32": 16384
},
{
"u32": 1
}
],
"buffers": {
"a": {
"dtype": "u8",
"len": 8192,
"init": "randint:0:248"
},
"b": {
"dtype": "u8",
"len": 16384,
"init": "randint:0:248"
},
"c": {
"dtype": "f16",
"len": 8192,
"init": "normal"
},
"d": {
"dtype": "f16",
"len": 8192,
"init": "zeros"
}
},
"ptx": true
},
{
"name": "wgmma/m64n8k32.f16.e4m3.e4m3.ss.sa1.sb1.sw128.v00.draw3",
"repo": "ptx-rs/ptx",
"source": "modules/m64n8k32_f16_e4m3_e4m3_ss_sa1_sb1.ptx",
"nvcc_flags": [],
"entry": "k",
"grid": [
1,
1,
1
],
"block": [
128,
1,
1
],
"shared_bytes": 9216,
"args": [
{
"buf": "a"
},
{
"buf": "b"
},
{
"buf": "c"
},
{
"buf": "d"
},
{
"u64": 4611686293305360384
},
{
"u64": 4611686293305360384
},
{
"u32": 8192
},
{
"u32": 1024
},
{
"u32": 1
}
],
"buffers": {
"a": {
"dtype": "u8",
"len": 8192,
"init": "randint:0:248"
},
"b": {
"dtype": "u8",
"len": 1024,
"init": "randint:0:248"
},
"c": {
"dtype": "f16",
"len": 512,
"init": "normal"
},
"d": {
"dtype": "f16",
"len": 512,
"init": "zeros"
}
},
"ptx": true
},
{
"name": "wgmma/m64n48k32.f16.e4m3.e4m3.ss.sa1.sb1.sw128.v00.draw3",
"repo": "ptx-rs/ptx",
"source": "modules/m64n48k32_f16_e4m3_e4m3_ss_sa1_sb1.ptx",
"nvcc_flags": [],
"entry": "k",
"grid": [
1,
1,
1
],
"block": [
128,
1,
1
],
"shared_bytes": 14336,
"args": [
{
"buf": "a"
},
{
"buf": "b"
},
{
"buf": "c"
},
{
"buf": "d"
},
{
"u64": 4611686293305360384
},
{
"u64": 4611686293305360384
},
{
"u32": 8192
},
{
"u32": 6144
},
{
"u32": 1
}
],
"buffers": {
"a": {
"dtype": "u8",
"len": 8192,
"init": "randint:0:248"
},
"b": {
"dtype": "u8",
"len": 6144,
"init": "randint:0:248"
},
"c": {
"dtype": "f16",
"len": 3072,
"init": "normal"
},
"d": {
"dtype": "f16",
"len": 3072,
"init": "zeros"
}
},
"ptx": true
},
{
"name": "wgmma/m64n96k32.f16.e4m3.e4m3.ss.sa1.sb1.sw128.v00.draw3",
"repo": "ptx-rs/ptx",
"source": "modules/m64n96k32_f16_e4m3_e4m3_ss_sa1_sb1.ptx",
"nvcc_flags": [],
"entry": "k",
"grid": [
1,
1,
1
],
"block": [
128,
1,
1
],
"shared_bytes": 20480,
"args": [
{
"buf": "a"
},
{
"buf": "b"
},
{
"buf": "c"
},
{
"buf": "d"
},
{
"u64": 4611686293305360384
},
{
"u64": 4611686293305360384
},
{
"u32": 8192
},
{
"u32": 12288
},
{
"u32": 1
}
],
"buffers": {
"a": {
"dtype": "u8",
"len": 8192,
"init": "randint:0:248"
},
"b": {
"dtype": "u8",
"len": 12288,
"init": "randint:0:248"
},
"c": {
"dtype": "f16",
"len": 6144,
"init": "normal"
},
"d": {
"dtype": "f16",
"len": 6144,
"init": "zeros"
}
},
"ptx": true
},
{
"name": "wgmma/m64n16k16.f16.f16.f16.ss.ta0.tb0.sa1.sb1.sw128.v00.draw2",
"repo": "ptx-rs/ptx",
"source": "modules/m64n16k16_f16_f16_f16_ss_ta0_tb0_sa1_sb1.ptx",
"nvcc_flags": [],
"entry": "k",
"grid": [
1,
1,
1
],
"block": [
128,
1,
1
],
"shared_bytes": 10240,
"args": [
{
"buf": "a"
},
{
"buf": "b"
},
{
"buf": "c"
},
{
"buf": "d"
},
{
"u64": 4611686293305360384
},
{
"u64": 4611686293305360384
},
{
"u32": 8192
},
{
"u32": 2048
},
{
"u32": 1
}
],
"buffers": {
"a": {
"dtype": "f16",
"len": 4096,
"init": "normal"
},
"b": {
"dtype": "f16",
"len": 1024,
"init": "normal"
},
"c": {
"dtype": "f16",
"len": 1024,
"init": "normal"
},
"d": {
"dtype": "f16",
"len": 1024,
"init": "zeros"
}
},
"ptx": true
},
{
"name": "wgmma/m64n32k16.f16.f16.f16.ss.ta0.tb0.sa1.sb1.sw128.v00.draw2",
"repo": "ptx-rs/ptx",
"source": "modules/m64n32k16_f16_f16_f16_ss_ta0_tb0_sa1_sb1.ptx",
"nvcc_flags": [],
"entry": "k",
"grid": [
1,
1,
1
],
"block": [
128,
1,
1
],
"shared_bytes": 12288,
"args": [
{
"buf": "a"
},
{
"buf": "b"
},
{
"buf": "c"
},
{
"buf": "d"
},
{
"u64": 4611686293305360384
},
{
"u64": 4611686293305360384
},
{
"u32": 8192
},
{
"u32": 4096
},
{
"u32": 1
}
],
"buffers": {
"a": {
"dtype": "f16",
"len": 4096,
"init": "normal"
},
"b": {
"dtype": "f16",
"len": 2048,
"init": "normal"
},
"c": {
"dtype": "f16",
"len": 2048,
"init": "normal"
},
"d": {
"dtype": "f16",
"len": 2048,
"init": "zeros"
}
},
"ptx": true
},
{
"name": "wgmma/m64n64k16.f16.f16.f16.ss.ta0.tb0.sa1.sb1.sw128.v00.draw2",
"repo": "ptx-rs/ptx",
"source": "modules/m64n64k16_f16_f16_f16_ss_ta0_tb0_sa1_sb1.ptx",
"nvcc_flags": [],
"entry": "k",
"grid": [
1,
1,
1
],
"block": [
128,
1,
1
],
"shared_bytes": 16384,
"args": [
{
"buf": "a"
},
{
"buf": "b"
},
{
"buf": "c"
},
{
"buf": "d"
},
{
"u64": 4611686293305360384
},
{
"u64": 4611686293305360384
},
{
"u32": 8192
},
{
"u32": 8192
},
{
"u32": 1
}
],
"buffers": {
"a": {
"dtype": "f16",
"len": 4096,
"init": "normal"
},
"b": {
"dtype": "f16",
"len": 4096,
"init": "normal"
},
"c": {
"dtype": "f16",
"len": 4096,
"init": "normal"
},
"d": {
"dtype": "f16",
"len": 4096,
"init": "zeros"
}
},
"ptx": true
},
{
"name": "wgmma/m64n128k16.f16.f16.f16.ss.ta0.tb0.sa1.sb1.sw128.v00.draw2",
"repo": "ptx-rs/ptx",
"source": "modules/m64n128k16_f16_f16_f16_ss_ta0_tb0_sa1_sb1.ptx",
"nvcc_flags": [],
"entry": "k",
"grid": [
1,
1,
1
],
"block": [
128,
1,
1
],
"shared_bytes": 24576,
"args": [
{
"buf": "a"
},
{
"buf": "b"
},
{
"buf": "c"
},
{
"buf": "d"
},
{
"u64": 4611686293305360384
},
{
"u64": 4611686293305360384
},
{
"u32": 8192
},
{
"u32": 16384
},
{
"u32": 1
}
],
"buffers": {
"a": {
"dtype": "f16",
"len": 4096,
"init": "normal"
},
"b": {
"dtype": "f16",
"len": 8192,
"init": "normal"
},
"c": {
"dtype": "f16",
"len": 8192,
"init": "normal"
},
"d": {
"dtype": "f16",
"len": 8192,
"init": "zeros"
}
},
"ptx": true
},
{
"name": "wgmma/m64n8k16.f16.f16.f16.ss.ta0.tb0.sa1.sb1.sw128.v00.draw3",
"repo": "ptx-rs/ptx",
"source": "modules/m64n8k16_f16_f16_f16_ss_ta0_tb0_sa1_sb1.ptx",
"nvcc_flags": [],
"entry": "k",
"grid": [
1,
1,
1
],
"block": [
128,
1,
1
],
"shared_bytes": 9216,
"args": [
{
"buf": "a"
},
{
"buf": "b"
},
{
"buf": "c"
},
{
"buf": "d"
},
{
"u64": 4611686293305360384
},
{
"u64": 4611686293305360384
},
{
"u32": 8192
},
{
"u32": 1024
},
{
"u32": 1
}
],
"buffers": {
"a": {
"dtype": "f16",
"len": 4096,
"init": "normal"
},
"b": {
"dtype": "f16",
"len": 512,
"init": "normal"
},
"c": {
"dtype": "f16",
"len": 512,
"init": "normal"
},
"d": {
"dtype": "f16",
"len": 512,
"init": "zeros"
}
},
"ptx": true
},
{
"name": "wgmma/m64n48k16.f16.f16.f16.ss.ta0.tb0.sa1.sb1.sw128.v00.draw3",
"repo": "ptx-rs/ptx",
"source": "modules/m64n48k16_f16_f16_f16_ss_ta0_tb0_sa1_sb1.ptx",
"nvcc_flags": [],
"entry": "k",
"grid": [
1,
1,
1
],
"block": [
128,
1,
1
],
"shared_bytes": 14336,
"args": [
{
"buf": "a"
},
{
"buf": "b"
},
{
"buf": "c"
},
{
"buf": "d"
},
{
"u64": 4611686293305360384
},
{
"u64": 4611686293305360384
},
{
"u32": 8192
},
{
"u32": 6144
},
{
"u32": 1
}
],
"buffers": {
"a": {
"dtype": "f16",
"len": 4096,
"init": "normal"
},
"b": {
"dtype": "f16",
"len": 3072,
"init": "normal"
},
"c": {
"dtype": "f16",
"len": 3072,
"init": "normal"
},
"d": {
"dtype": "f16",
"len": 3072,
"init": "zeros"
}
},
"ptx": true
},
{
"name": "wgmma/m64n96k16.f16.f16.f16.ss.ta0.tb0.sa1.sb1.sw128.v00.draw3",
"repo": "ptx-rs/ptx",
"source": "modules/m64n96k16_f16_f16_f16_ss_ta0_tb0_sa1_sb1.ptx",
"nvcc_flags": [],
"entry": "k",
"grid": [
1,
1,
1
],
"block": [
128,
1,
1
],
"shared_bytes": 20480,
"args": [
{
"buf": "a"
},
{
"buf": "b"
},
{
"buf": "c"
},
{
"buf": "d"
},
{
"u64": 4611686293305360384
},
{
"u64": 4611686293305360384
},
{
"u32": 8192
},
{
"u32": 12288
},
{
"u32": 1
}
],
"buffers": {
"a": {
"dtype": "f16",
"len": 4096,
"init": "normal"
},
"b": {
"dtype": "f16",
"len": 6144,
"init": "normal"
},
"c": {
"dtype": "f16",
"len": 6144,
"init": "normal"
},
"d": {
"dtype": "f16",
"len": 6144,
"init": "zeros"
}
},
"ptx": true
},
{
"name": "wgmma/m64n16k32.s32.s8.s8.ss.sw128.v00.draw2",
"repo": "ptx-rs/ptx",
"source": "modules/m64n16k32_s32_s8_s8_ss.ptx",
"nvcc_flags": [],
"entry": "k",
"grid": [
1,
1,
1
],
"block": [
128,
1,
1
],
"shared_bytes": 10240,
"args": [
{
"buf": "a"
},
{
"buf": "b"
},
{
"buf": "c"
},
{
"buf": "d"
},
{
"u64": 4611686293305360384
},
{
"u64": 4611686293305360384
},
{
"u32": 8192
},
{
"u32": 2048
},
{
"u32": 1
}
],
"buffers": {
"a": {
"dtype": "i8",
"len": 8192,
"init": "randint:-128:128"
},
"b": {
"dtype": "i8",
"len": 2048,
"init": "randint:-128:128"
},
"c": {
"dtype": "i32",
"len": 1024,
"init": "randint:-1000000:1000000"
},
"d": {
"dtype": "i32",
"len": 1024,
"init": "zeros"
}
},
"ptx": true
},
{
"name": "wgmma/m64n32k32.s32.s8.s8.ss.sw128.v00.draw2",
"repo": "ptx-rs/ptx",
"source": "modules/m64n32k32_s32_s8_s8_ss.ptx",
"nvcc_flags": [],
"entry": "k",
"grid": [
1,
1,
1
],
"block": [
128,
1,
1
],
"shared_bytes": 12288,
"args": [
{
"buf": "a"
},
{
"buf": "b"
},
{
"buf": "c"
},
{
"buf": "d"
},
{
"u64": 4611686293305360384
},
{
"u64": 4611686293305360384
},
{
"u32": 8192
},
{
"u32": 4096
},
{
"u32": 1
}
],
"buffers": {
"a": {
"dtype": "i8",
"len": 8192,
"init": "randint:-128:128"
},
"b": {
"dtype": "i8",
"len": 4096,
"init": "randint:-128:128"
},
"c": {
"dtype": "i32",
"len": 2048,
"init": "randint:-1000000:1000000"
},
"d": {
"dtype": "i32",
"len": 2048,
"init": "zeros"
}
},
"ptx": true
},
{
"name": "wgmma/m64n64k32.s32.s8.s8.ss.sw128.v00.draw2",
"repo": "ptx-rs/ptx",
"source": "modules/m64n64k32_s32_s8_s8_ss.ptx",
"nvcc_flags": [],
"entry": "k",
"grid": [
1,
1,
1
],
"block": [
128,
1,
1
],
"shared_bytes": 16384,
"args": [
{
"buf": "a"
},
{
"buf": "b"
},
{
"buf": "c"
},
{
"buf": "d"
},
{
"u64": 4611686293305360384
},
{
"u64": 4611686293305360384
},
{
"u32": 8192
},
{
"u32": 8192
},
{
"u32": 1
}
],
"buffers": {
"a": {
"dtype": "i8",
"len": 8192,
"init": "randint:-128:128"
},
"b": {
"dtype": "i8",
"len": 8192,
"init": "randint:-128:128"
},
"c": {
"dtype": "i32",
"len": 4096,
"init": "randint:-1000000:1000000"
},
"d": {
"dtype": "i32",
"len": 4096,
"init": "zeros"
}
},
"ptx": true
},
{
"name": "wgmma/m64n128k32.s32.s8.s8.ss.sw128.v00.draw2",
"repo": "ptx-rs/ptx",
"source": "modules/m64n128k32_s32_s8_s8_ss.ptx",
"nvcc_flags": [],
"entry": "k",
"grid": [
1,
1,
1
],
"block": [
128,
1,
1
],
"shared_bytes": 24576,
"args": [
{
"buf": "a"
},
{
"buf": "b"
},
{
"buf": "c"
},
{
"buf": "d"
},
{
"u64": 4611686293305360384
},
{
"u64": 4611686293305360384
},
{
"u32": 8192
},
{
"u32": 16384
},
{
"u32": 1
}
],
"buffers": {
"a": {
"dtype": "i8",
"len": 8192,
"init": "randint:-128:128"
},
"b": {
"dtype": "i8",
"len": 16384,
"init": "randint:-128:128"
},
"c": {
"dtype": "i32",
"len": 8192,
"init": "randint:-1000000:1000000"
},
"d": {
"dtype": "i32",
"len": 8192,
"init": "zeros"
}
},
"ptx": true
},
{
"name": "wgmma/m64n8k32.s32.s8.s8.ss.sw128.v00.draw3",
"repo": "ptx-rs/ptx",
"source": "modules/m64n8k32_s32_s8_s8_ss.ptx",
"nvcc_flags": [],
"entry": "k",
"grid": [
1,
1,
1
],
"block": [
128,
1,
1
],
"shared_bytes": 9216,
"args": [
{
"buf": "a"
},
{
"buf": "b"
},
{
"buf": "c"
},
{
"buf": "d"
},
{
"u64": 4611686293305360384
},
{
"u64": 4611686293305360384
},
{
"u32": 8192
},
{
"u32": 1024
},
{
"u32": 1
}
],
"buffers": {
"a": {
"dtype": "i8",
"len": 8192,
"init": "randint:-128:128"
},
"b": {
"dtype": "i8",
"len": 1024,
"init": "randint:-128:128"
},
"c": {
"dtype": "i32",
"len": 512,
"init": "randint:-1000000:1000000"
},
"d": {
"dtype": "i32",
"len": 512,
"init": "zeros"
}
},
"ptx": true
},
{
"name": "wgmma/m64n48k32.s32.s8.s8.ss.sw128.v00.draw3",
"repo": "ptx-rs/ptx",
"source": "modules/m64n48k32_s32_s8_s8_ss.ptx",
"nvcc_flags": [],
"entry": "k",
"grid": [
1,
1,
1
],
"block": [
128,
1,
1
],
"shared_bytes": 14336,
"args": [
{
"buf": "a"
},
{
"buf": "b"
},
{
"buf": "c"
},
{
"buf": "d"
},
{
"u64": 4611686293305360384
},
{
"u64": 4611686293305360384
},
{
"u32": 8192
},
{
"u32": 6144
},
{
"u32": 1
}
],
"buffers": {
"a": {
"dtype": "i8",
"len": 8192,
"init": "randint:-128:128"
},
"b": {
"dtype": "i8",
"len": 6144,
"init": "randint:-128:128"
},
"c": {
"dtype": "i32",
"len": 3072,
"init": "randint:-1000000:1000000"
},
"d": {
"dtype": "i32",
"len": 3072,
"init": "zeros"
}
},
"ptx": true
},
{
"name": "wgmma/m64n96k32.s32.s8.s8.ss.sw128.v00.draw3",
"repo": "ptx-rs/ptx",
"source": "modules/m64n96k32_s32_s8_s8_ss.ptx",
"nvcc_flags": [],
"entry": "k",
"grid": [
1,
1,
1
],
"block": [
128,
1,
1
],
"shared_bytes": 20480,
"args": [
{
"buf": "a"
},
{
"buf": "b"
},
{
"buf": "c"
},
{
"buf": "d"
},
{
"u64": 4611686293305360384
},
{
"u64": 4611686293305360384
},
{
"u32": 8192
},
{
"u32": 12288
},
{
"u32": 1
}
],
"buffers": {
"a": {
"dtype": "i8",
"len": 8192,
"init": "randint:-128:128"
},
"b": {
"dtype": "i8",
"len": 12288,
"init": "randint:-128:128"
},
"c": {
"dtype": "i32",
"len": 6144,
"init": "randint:-1000000:1000000"
},
"d": {
"dtype": "i32",
"len": 6144,
"init": "zeros"
}
},
"ptx": true
},
{
"name": "wgmma/m64n16k32.s32.u8.u8.ss.sw128.v00.draw2",
"repo": "ptx-rs/ptx",
"source": "modules/m64n16k32_s32_u8_u8_ss.ptx",
"nvcc_flags": [],
"entry": "k",
"grid": [
1,
1,
1
],
"block": [
128,
1,
1
],
"shared_bytes": 10240,
"args": [
{
"buf": "a"
},
{
"buf": "b"
},
{
"buf": "c"
},
{
"buf": "d"
},
{
"u64": 4611686293305360384
},
{
"u64": 4611686293305360384
},
{
"u32": 8192
},
{
"u32": 2048
},
{
"u32": 1
}
],
"buffers": {
"a": {
"dtype": "u8",
"len": 8192,
"init": "randint:0:256"
},
"b": {
"dtype": "u8",
"len": 2048,
"init": "randint:0:256"
},
"c": {
"dtype": "i32",
"len": 1024,
"init": "randint:-1000000:1000000"
},
"d": {
"dtype": "i32",
"len": 1024,
"init": "zeros"
}
},
"ptx": true
},
{
"name": "wgmma/m64n32k32.s32.u8.u8.ss.sw128.v00.draw2",
"repo": "ptx-rs/ptx",
"source": "modules/m64n32k32_s32_u8_u8_ss.ptx",
"nvcc_flags": [],
"entry": "k",
"grid": [
1,
1,
1
],
"block": [
128,
1,
1
],
"shared_bytes": 12288,
"args": [
{
"buf": "a"
},
{
"buf": "b"
},
{
"buf": "c"
},
{
"buf": "d"
},
{
"u64": 4611686293305360384
},
{
"u64": 4611686293305360384
},
{
"u32": 8192
},
{
"u32": 4096
},
{
"u32": 1
}
],
"buffers": {
"a": {
"dtype": "u8",
"len": 8192,
"init": "randint:0:256"
},
"b": {
"dtype": "u8",
"len": 4096,
"init": "randint:0:256"
},
"c": {
"dtype": "i32",
"len": 2048,
"init": "randint:-1000000:1000000"
},
"d": {
"dtype": "i32",
"len": 2048,
"init": "zeros"
}
},
"ptx": true
},
{
"name": "wgmma/m64n64k32.s32.u8.u8.ss.sw128.v00.draw2",
"repo": "ptx-rs/ptx",
"source": "modules/m64n64k32_s32_u8_u8_ss.ptx",
"nvcc_flags": [],
"entry": "k",
"grid": [
1,
1,
1
],
"block": [
128,
1,
1
],
"shared_bytes": 16384,
"args": [
{
"buf": "a"
},
{
"buf": "b"
},
{
"buf": "c"
},
{
"buf": "d"
},
{
"u64": 4611686293305360384
},
{
"u64": 4611686293305360384
},
{
"u32": 8192
},
{
"u32": 8192
},
{
"u32": 1
}
],
"buffers": {
"a": {
"dtype": "u8",
"len": 8192,
"init": "randint:0:256"
},
"b": {
"dtype": "u8",
"len": 8192,
"init": "randint:0:256"
},
"c": {
"dtype": "i32",
"len": 4096,
"init": "randint:-1000000:1000000"
},
"d": {
"dtype": "i32",
"len": 4096,
"init": "zeros"
}
},
"ptx": true
},
{
"name": "wgmma/m64n128k32.s32.u8.u8.ss.sw128.v00.draw2",
"repo": "ptx-rs/ptx",
"source": "modules/m64n128k32_s32_u8_u8_ss.ptx",
"nvcc_flags": [],
"entry": "k",
"grid": [
1,
1,
1
],
"block": [
128,
1,
1
],
"shared_bytes": 24576,
"args": [
{
"buf": "a"
},
{
"buf": "b"
},
{
"buf": "c"
},
{
"buf": "d"
},
{
"u64": 4611686293305360384
},
{
"u64": 4611686293305360384
},
{
"u32": 8192
},
{
"u32": 16384
},
{
"u32": 1
}
],
"buffers": {
"a": {
"dtype": "u8",
"len": 8192,
"init": "randint:0:256"
},
"b": {
"dtype": "u8",
"len": 16384,
"init": "randint:0:256"
},
"c": {
"dtype": "i32",
"len": 8192,
"init": "randint:-1000000:1000000"
},
"d": {
"dtype": "i32",
"len": 8192,
"init": "zeros"
}
},
"ptx": true
},
{
"name": "wgmma/m64n8k32.s32.u8.u8.ss.sw128.v00.draw3",
"repo": "ptx-rs/ptx",
"source": "modules/m64n8k32_s32_u8_u8_ss.ptx",
"nvcc_flags": [],
"entry": "k",
"grid": [
1,
1,
1
],
"block": [
128,
1,
1
],
"shared_bytes": 9216,
"args": [
{
"buf": "a"
},
{
"buf": "b"
},
{
"buf": "c"
},
{
"buf": "d"
},
{
"u64": 4611686293305360384
},
{
"u64": 4611686293305360384
},
{
"u32": 8192
},
{
"u32": 1024
},
{
"u32": 1
}
],
"buffers": {
"a": {
"dtype": "u8",
"len": 8192,
"init": "randint:0:256"
},
"b": {
"dtype": "u8",
"len": 1024,
"init": "randint:0:256"
},
"c": {
"dtype": "i32",
"len": 512,
"init": "randint:-1000000:1000000"
},
"d": {
"dtype": "i32",
"len": 512,
"init": "zeros"
}
},
"ptx": true
},
{
"name": "wgmma/m64n48k32.s32.u8.u8.ss.sw128.v00.draw3",
"repo": "ptx-rs/ptx",
"source": "modules/m64n48k32_s32_u8_u8_ss.ptx",
"nvcc_flags": [],
"entry": "k",
"grid": [
1,
1,
1
],
"block": [
128,
1,
1
],
"shared_bytes": 14336,
"args": [
{
"buf": "a"
},
{
"buf": "b"
},
{
"buf": "c"
},
{
"buf": "d"
},
{
"u64": 4611686293305360384
},
{
"u64": 4611686293305360384
},
{
"u32": 8192
},
{
"u32": 6144
},
{
"u32": 1
}
],
"buffers": {
"a": {
"dtype": "u8",
"len": 8192,
"init": "randint:0:256"
},
"b": {
"dtype": "u8",
"len": 6144,
"init": "randint:0:256"
},
"c": {
"dtype": "i32",
"len": 3072,
"init": "randint:-1000000:1000000"
},
"d": {
"dtype": "i32",
"len": 3072,
"init": "zeros"
}
},
"ptx": true
},
{
"name": "wgmma/m64n96k32.s32.u8.u8.ss.sw128.v00.draw3",
"repo": "ptx-rs/ptx",
"source": "modules/m64n96k32_s32_u8_u8_ss.ptx",
"nvcc_flags": [],
"entry": "k",
"grid": [
1,
1,
1
],
"block": [
128,
1,
1
],
"shared_bytes": 20480,
"args": [
{
"buf": "a"
},
{
"buf": "b"
},
{
"buf": "c"
},
{
"buf": "d"
},
{
"u64": 4611686293305360384
},
{
"u64": 4611686293305360384
},
{
"u32": 8192
},
{
"u32": 12288
},
{
"u32": 1
}
],
"buffers": {
"a": {
"dtype": "u8",
"len": 8192,
"init": "randint:0:256"
},
"b": {
"dtype": "u8",
"len": 12288,
"init": "randint:0:256"
},
"c": {
"dtype": "i32",
"len": 6144,
"init": "randint:-1000000:1000000"
},
"d": {
"dtype": "i32",
"len": 6144,
"init": "zeros"
}
},
"ptx": true
},
{
"name": "wgmma/m64n16k256.s32.b1.b1.ss.sw128.v00.draw2",
"repo": "ptx-rs/ptx",
"source": "modules/m64n16k256_s32_b1_b1_ss.ptx",
"nvcc_flags": [],
"entry": "k",
"grid": [
1,
1,
1
],
"block": [
128,
1,
1
],
"shared_bytes": 10240,
"args": [
{
"buf": "a"
},
{
"buf": "b"
},
{
"buf": "c"
},
{
"buf": "d"
},
{
"u64": 4611686293305360384
},
{
"u64": 4611686293305360384
},
{
"u32": 8192
},
{
"u32": 2048
},
{
"u32": 1
}
],
"buffers": {
"a": {
"dtype": "u32",
"len": 2048,
"init": "randint:0:4294967296"
},
"b": {
"dtype": "u32",
"len": 512,
"init": "randint:0:4294967296"
},
"c": {
"dtype": "i32",
"len": 1024,
"init": "randint:-1000000:1000000"
},
"d": {
"dtype": "i32",
"len": 1024,
"init": "zeros"
}
},
"ptx": true
},
{
"name": "wgmma/m64n32k256.s32.b1.b1.ss.sw128.v00.draw2",
"repo": "ptx-rs/ptx",
"source": "modules/m64n32k256_s32_b1_b1_ss.ptx",
"nvcc_flags": [],
"entry": "k",
"grid": [
1,
1,
1
],
"block": [
128,
1,
1
],
"shared_bytes": 12288,
"args": [
{
"buf": "a"
},
{
"buf": "b"
},
{
"buf": "c"
},
{
"buf": "d"
},
{
"u64": 4611686293305360384
},
{
"u64": 4611686293305360384
},
{
"u32": 8192
},
{
"u32": 4096
},
{
"u32": 1
}
],
"buffers": {
"a": {
"dtype": "u32",
"len": 2048,
"init": "randint:0:4294967296"
},
"b": {
"dtype": "u32",
"len": 1024,
"init": "randint:0:4294967296"
},
"c": {
"dtype": "i32",
"len": 2048,
"init": "randint:-1000000:1000000"
},
"d": {
"dtype": "i32",
"len": 2048,
"init": "zeros"
}
},
"ptx": true
},
{
"name": "wgmma/m64n64k256.s32.b1.b1.ss.sw128.v00.draw2",
"repo": "ptx-rs/ptx",
"source": "modules/m64n64k256_s32_b1_b1_ss.ptx",
"nvcc_flags": [],
"entry": "k",
"grid": [
1,
1,
1
],
"block": [
128,
1,
1
],
"shared_bytes": 16384,
"args": [
{
"buf": "a"
},
{
"buf": "b"
},
{
"buf": "c"
},
{
"buf": "d"
},
{
"u64": 4611686293305360384
},
{
"u64": 4611686293305360384
},
{
"u32": 8192
},
{
"u32": 8192
},
{
"u32": 1
}
],
"buffers": {
"a": {
"dtype": "u32",
"len": 2048,
"init": "randint:0:4294967296"
},
"b": {
"dtype": "u32",
"len": 2048,
"init": "randint:0:4294967296"
},
"c": {
"dtype": "i32",
"len": 4096,
"init": "randint:-1000000:1000000"
},
"d": {
"dtype": "i32",
"len": 4096,
"init": "zeros"
}
},
"ptx": true
},
{
"name": "wgmma/m64n128k256.s32.b1.b1.ss.sw128.v00.draw2",
"repo": "ptx-rs/ptx",
"source": "modules/m64n128k256_s32_b1_b1_ss.ptx",
"nvcc_flags": [],
"entry": "k",
"grid": [
1,
1,
1
],
"block": [
128,
1,
1
],
"shared_bytes": 24576,
"args": [
{
"buf": "a"
},
{
"buf": "b"
},
{
"buf": "c"
},
{
"buf": "d"
},
{
"u64": 4611686293305360384
},
{
"u64": 4611686293305360384
},
{
"u32": 8192
},
{
"u32": 16384
},
{
"u32": 1
}
],
"buffers": {
"a": {
"dtype": "u32",
"len": 2048,
"init": "randint:0:4294967296"
},
"b": {
"dtype": "u32",
"len": 4096,
"init": "randint:0:4294967296"
},
"c": {
"dtype": "i32",
"len": 8192,
"init": "randint:-1000000:1000000"
},
"d": {
"dtype": "i32",
"len": 8192,
"init": "zeros"
}
},
"ptx": true
},
{
"name": "wgmma/m64n8k256.s32.b1.b1.ss.sw128.v00.draw3",
"repo": "ptx-rs/ptx",
"source": "modules/m64n8k256_s32_b1_b1_ss.ptx",
"nvcc_flags": [],
"entry": "k",
"grid": [
1,
1,
1
],
"block": [
128,
1,
1
],
"shared_bytes": 9216,
"args": [
{
"buf": "a"
},
{
"buf": "b"
},
{
"buf": "c"
},
{
"buf": "d"
},
{
"u64": 4611686293305360384
},
{
"u64": 4611686293305360384
},
{
"u32": 8192
},
{
"u32": 1024
},
{
"u32": 1
}
],
"buffers": {
"a": {
"dtype": "u32",
"len": 2048,
"init": "randint:0:4294967296"
},
"b": {
"dtype": "u32",
"len": 256,
"init": "randint:0:4294967296"
},
"c": {
"dtype": "i32",
"len": 512,
"init": "randint:-1000000:1000000"
},
"d": {
"dtype": "i32",
"len": 512,
"init": "zeros"
}
},
"ptx": true
},
{
"name": "wgmma/m64n48k256.s32.b1.b1.ss.sw128.v00.draw3",
"repo": "ptx-rs/ptx",
"source": "modules/m64n48k256_s32_b1_b1_ss.ptx",
"nvcc_flags": [],
"entry": "k",
"grid": [
1,
1,
1
],
"block": [
128,
1,
1
],
"shared_bytes": 14336,
"args": [
{
"buf": "a"
},
{
"buf": "b"
},
{
"buf": "c"
},
{
"buf": "d"
},
{
"u64": 4611686293305360384
},
{
"u64": 4611686293305360384
},
{
"u32": 8192
},
{
"u32": 6144
},
{
"u32": 1
}
],
"buffers": {
"a": {
"dtype": "u32",
"len": 2048,
"init": "randint:0:4294967296"
},
"b": {
"dtype": "u32",
"len": 1536,
"init": "randint:0:4294967296"
},
"c": {
"dtype": "i32",
"len": 3072,
"init": "randint:-1000000:1000000"
},
"d": {
"dtype": "i32",
"len": 3072,
"init": "zeros"
}
},
"ptx": true
},
{
"name": "wgmma/m64n96k256.s32.b1.b1.ss.sw128.v00.draw3",
"repo": "ptx-rs/ptx",
"source": "modules/m64n96k256_s32_b1_b1_ss.ptx",
"nvcc_flags": [],
"entry": "k",
"grid": [
1,
1,
1
],
"block": [
128,
1,
1
],
"shared_bytes": 20480,
"args": [
{
"buf": "a"
},
{
"buf": "b"
},
{
"buf": "c"
},
{
"buf": "d"
},
{
"u64": 4611686293305360384
},
{
"u64": 4611686293305360384
},
{
"u32": 8192
},
{
"u32": 12288
},
{
"u32": 1
}
],
"buffers": {
"a": {
"dtype": "u32",
"len": 2048,
"init": "randint:0:4294967296"
},
"b": {
"dtype": "u32",
"len": 3072,
"init": "randint:0:4294967296"
},
"c": {
"dtype": "i32",
"len": 6144,
"init": "randint:-1000000:1000000"
},
"d": {
"dtype": "i32",
"len": 6144,
"init": "zeros"
}
},
"ptx": true
},
{
"name": "wgmma/sp.sel0.m64n64k32.f32.f16.f16.ss.ta0.tb0.sa1.sb1.sw128.v00",
"repo": "ptx-rs/ptx",
"source": "modules/sp_sel0_m64n64k32_f32_f16_f16_ss_ta0_tb0_sa1_sb1.ptx",
"nvcc_flags": [],
"entry": "k",
"grid": [
1,
1,
1
],
"block": [
128,
1,
1
],
"shared_bytes": 16384,
"args": [
{
"buf": "a"
},
{
"buf": "b"
},
{
"buf": "c"
},
{
"buf": "d"
},
{
"u64": 4611686293305360384
},
{
"u64": 4611686293305360384
},
{
"u32": 8192
},
{
"u32": 8192
},
{
"u32": 1
},
{
"buf": "meta"
}
],
"buffers": {
"a": {
"dtype": "f16",
"len": 4096,
"init": "normal"
},
"b": {
"dtype": "f16",
"len": 4096,
"init": "normal"
},
"c": {
"dtype": "f32",
"len": 4096,
"init": "normal"
},
"d": {
"dtype": "f32",
"len": 4096,
"init": "zeros"
},
"meta": {
"dtype": "u32",
"len": 128,
"init": "randint:0:4294967296"
}
},
"ptx": true
},
{
"name": "wgmma/sp.sel1.m64n64k32.f32.f16.f16.ss.ta0.tb0.sa1.sb1.sw128.v00",
"repo": "ptx-rs/ptx",
"source": "modules/sp_sel1_m64n64k32_f32_f16_f16_ss_ta0_tb0_sa1_sb1.ptx",
"nvcc_flags": [],
"entry": "k",
"grid": [
1,
1,
1
],
"block": [
128,
1,
1
],
"shared_bytes": 16384,
"args": [
{
"buf": "a"
},
{
"buf": "b"
},
{
"buf": "c"
},
{
"buf": "d"
},
{
"u64": 4611686293305360384
},
{
"u64": 4611686293305360384
},
{
"u32": 8192
},
{
"u32": 8192
},
{
"u32": 1
},
{
"buf": "meta"
}
],
"buffers": {
"a": {
"dtype": "f16",
"len": 4096,
"init": "normal"
},
"b": {
"dtype": "f16",
"len": 4096,
"init": "normal"
},
"c": {
"dtype": "f32",
"len": 4096,
"init": "normal"
},
"d": {
"dtype": "f32",
"len": 4096,
"init": "zeros"
},
"meta": {
"dtype": "u32",
"len": 128,
"init": "randint:0:4294967296"
}
},
"ptx": true
},
{
"name": "wgmma/sp.sel0.m64n128k32.f32.f16.f16.ss.ta0.tb0.sa1.sb1.sw128.v00",
"repo": "ptx-rs/ptx",
"source": "modules/sp_sel0_m64n128k32_f32_f16_f16_ss_ta0_tb0_sa1_sb1.ptx",
"nvcc_flags": [],
"entry": "k",
"grid": [
1,
1,
1
],
"block": [
128,
1,
1
],
"shared_bytes": 24576,
"args": [
{
"buf": "a"
},
{
"buf": "b"
},
{
"buf": "c"
},
{
"buf": "d"
},
{
"u64": 4611686293305360384
},
{
"u64": 4611686293305360384
},
{
"u32": 8192
},
{
"u32": 16384
},
{
"u32": 1
},
{
"buf": "meta"
}
],
"buffers": {
"a": {
"dtype": "f16",
"len": 4096,
"init": "normal"
},
"b": {
"dtype": "f16",
"len": 8192,
"init": "normal"
},
"c": {
"dtype": "f32",
"len": 8192,
"init": "normal"
},
"d": {
"dtype": "f32",
"len": 8192,
"init": "zeros"
},
"meta": {
"dtype": "u32",
"len": 128,
"init": "randint:0:4294967296"
}
},
"ptx": true
},
{
"name": "wgmma/sp.sel1.m64n128k32.f32.f16.f16.ss.ta0.tb0.sa1.sb1.sw128.v00",
"repo": "ptx-rs/ptx",
"source": "modules/sp_sel1_m64n128k32_f32_f16_f16_ss_ta0_tb0_sa1_sb1.ptx",
"nvcc_flags": [],
"entry": "k",
"grid": [
1,
1,
1
],
"block": [
128,
1,
1
],
"shared_bytes": 24576,
"args": [
{
"buf": "a"
},
{
"buf": "b"
},
{
"buf": "c"
},
{
"buf": "d"
},
{
"u64": 4611686293305360384
},
{
"u64": 4611686293305360384
},
{
"u32": 8192
},
{
"u32": 16384
},
{
"u32": 1
},
{
"buf": "meta"
}
],
"buffers": {
"a": {
"dtype": "f16",
"len": 4096,
"init": "normal"
},
"b": {
"dtype": "f16",
"len": 8192,
"init": "normal"
},
"c": {
"dtype": "f32",
"len": 8192,
"init": "normal"
},
"d": {
"dtype": "f32",
"len": 8192,
"init": "zeros"
},
"meta": {
"dtype": "u32",
"len": 128,
"init": "randint:0:4294967296"
}
},
"ptx": true
},
{
"name": "wgmma/sp.sel0.m64n64k32.f32.bf16.bf16.ss.ta0.tb0.sa1.sb1.sw128.v00",
"repo": "ptx-rs/ptx",
"source": "modules/sp_sel0_m64n64k32_f32_bf16_bf16_ss_ta0_tb0_sa1_sb1.ptx",
"nvcc_flags": [],
"entry": "k",
"grid": [
1,
1,
1
],
"block": [
128,
1,
1
],
"shared_bytes": 16384,
"args": [
{
"buf": "a"
},
{
"buf": "b"
},
{
"buf": "c"
},
{
"buf": "d"
},
{
"u64": 4611686293305360384
},
{
"u64": 4611686293305360384
},
{
"u32": 8192
},
{
"u32": 8192
},
{
"u32": 1
},
{
"buf": "meta"
}
],
"buffers": {
"a": {
"dtype": "bf16",
"len": 4096,
"init": "normal"
},
"b": {
"dtype": "bf16",
"len": 4096,
"init": "normal"
},
"c": {
"dtype": "f32",
"len": 4096,
"init": "normal"
},
"d": {
"dtype": "f32",
"len": 4096,
"init": "zeros"
},
"meta": {
"dtype": "u32",
"len": 128,
"init": "randint:0:4294967296"
}
},
"ptx": true
},
{
"name": "wgmma/sp.sel1.m64n64k32.f32.bf16.bf16.ss.ta0.tb0.sa1.sb1.sw128.v00",
"repo": "ptx-rs/ptx",
"source": "modules/sp_sel1_m64n64k32_f32_bf16_bf16_ss_ta0_tb0_sa1_sb1.ptx",
"nvcc_flags": [],
"entry": "k",
"grid": [
1,
1,
1
],
"block": [
128,
1,
1
],
"shared_bytes": 16384,
"args": [
{
"buf": "a"
},
{
"buf": "b"
},
{
"buf": "c"
},
{
"buf": "d"
},
{
"u64": 4611686293305360384
},
{
"u64": 4611686293305360384
},
{
"u32": 8192
},
{
"u32": 8192
},
{
"u32": 1
},
{
"buf": "meta"
}
],
"buffers": {
"a": {
"dtype": "bf16",
"len": 4096,
"init": "normal"
},
"b": {
"dtype": "bf16",
"len": 4096,
"init": "normal"
},
"c": {
"dtype": "f32",
"len": 4096,
"init": "normal"
},
"d": {
"dtype": "f32",
"len": 4096,
"init": "zeros"
},
"meta": {
"dtype": "u32",
"len": 128,
"init": "randint:0:4294967296"
}
},
"ptx": true
},
{
"name": "wgmma/sp.sel0.m64n64k16.f32.tf32.tf32.ss.sa1.sb1.sw128.v00",
"repo": "ptx-rs/ptx",
"source": "modules/sp_sel0_m64n64k16_f32_tf32_tf32_ss_sa1_sb1.ptx",
"nvcc_flags": [],
"entry": "k",
"grid": [
1,
1,
1
],
"block": [
128,
1,
1
],
"shared_bytes": 16384,
"args": [
{
"buf": "a"
},
{
"buf": "b"
},
{
"buf": "c"
},
{
"buf": "d"
},
{
"u64": 4611686293305360384
},
{
"u64": 4611686293305360384
},
{
"u32": 8192
},
{
"u32": 8192
},
{
"u32": 1
},
{
"buf": "meta"
}
],
"buffers": {
"a": {
"dtype": "f32",
"len": 2048,
"init": "normal"
},
"b": {
"dtype": "f32",
"len": 2048,
"init": "normal"
},
"c": {
"dtype": "f32",
"len": 4096,
"init": "normal"
},
"d": {
"dtype": "f32",
"len": 4096,
"init": "zeros"
},
"meta": {
"dtype": "u32",
"len": 128,
"init": "randint:0:4294967296"
}
},
"ptx": true
},
{
"name": "wgmma/sp.sel1.m64n64k16.f32.tf32.tf32.ss.sa1.sb1.sw128.v00",
"repo": "ptx-rs/ptx",
"source": "modules/sp_sel1_m64n64k16_f32_tf32_tf32_ss_sa1_sb1.ptx",
"nvcc_flags": [],
"entry": "k",
"grid": [
1,
1,
1
],
"block": [
128,
1,
1
],
"shared_bytes": 16384,
"args": [
{
"buf": "a"
},
{
"buf": "b"
},
{
"buf": "c"
},
{
"buf": "d"
},
{
"u64": 4611686293305360384
},
{
"u64": 4611686293305360384
},
{
"u32": 8192
},
{
"u32": 8192
},
{
"u32": 1
},
{
"buf": "meta"
}
],
"buffers": {
"a": {
"dtype": "f32",
"len": 2048,
"init": "normal"
},
"b": {
"dtype": "f32",
"len": 2048,
"init": "normal"
},
"c": {
"dtype": "f32",
"len": 4096,
"init": "normal"
},
"d": {
"dtype": "f32",
"len": 4096,
"init": "zeros"
},
"meta": {
"dtype": "u32",
"len": 128,
"init": "randint:0:4294967296"
}
},
"ptx": true
},
{
"name": "wgmma/sp.sel0.m64n64k32.f16.f16.f16.ss.ta0.tb0.sa1.sb1.sw128.v00",
"repo": "ptx-rs/ptx",
"source": "modules/sp_sel0_m64n64k32_f16_f16_f16_ss_ta0_tb0_sa1_sb1.ptx",
"nvcc_flags": [],
"entry": "k",
"grid": [
1,
1,
1
],
"block": [
128,
1,
1
],
"shared_bytes": 16384,
"args": [
{
"buf": "a"
},
{
"buf": "b"
},
{
"buf": "c"
},
{
"buf": "d"
},
{
"u64": 4611686293305360384
},
{
"u64": 4611686293305360384
},
{
"u32": 8192
},
{
"u32": 8192
},
{
"u32": 1
},
{
"buf": "meta"
}
],
"buffers": {
"a": {
"dtype": "f16",
"len": 4096,
"init": "normal"
},
"b": {
"dtype": "f16",
"len": 4096,
"init": "normal"
},
"c": {
"dtype": "f16",
"len": 4096,
"init": "normal"
},
"d": {
"dtype": "f16",
"len": 4096,
"init": "zeros"
},
"meta": {
"dtype": "u32",
"len": 128,
"init": "randint:0:4294967296"
}
},
"ptx": true
},
{
"name": "wgmma/sp.sel1.m64n64k32.f16.f16.f16.ss.ta0.tb0.sa1.sb1.sw128.v00",
"repo": "ptx-rs/ptx",
"source": "modules/sp_sel1_m64n64k32_f16_f16_f16_ss_ta0_tb0_sa1_sb1.ptx",
"nvcc_flags": [],
"entry": "k",
"grid": [
1,
1,
1
],
"block": [
128,
1,
1
],
"shared_bytes": 16384,
"args": [
{
"buf": "a"
},
{
"buf": "b"
},
{
"buf": "c"
},
{
"buf": "d"
},
{
"u64": 4611686293305360384
},
{
"u64": 4611686293305360384
},
{
"u32": 8192
},
{
"u32": 8192
},
{
"u32": 1
},
{
"buf": "meta"
}
],
"buffers": {
"a": {
"dtype": "f16",
"len": 4096,
"init": "normal"
},
"b": {
"dtype": "f16",
"len": 4096,
"init": "normal"
},
"c": {
"dtype": "f16",
"len": 4096,
"init": "normal"
},
"d": {
"dtype": "f16",
"len": 4096,
"init": "zeros"
},
"meta": {
"dtype": "u32",
"len": 128,
"init": "randint:0:4294967296"
}
},
"ptx": true
},
{
"name": "wgmma/sp.sel0.m64n128k64.f32.e4m3.e4m3.ss.sa1.sb1.sw128.v00",
"repo": "ptx-rs/ptx",
"source": "modules/sp_sel0_m64n128k64_f32_e4m3_e4m3_ss_sa1_sb1.ptx",
"nvcc_flags": [],
"entry": "k",
"grid": [
1,
1,
1
],
"block": [
128,
1,
1
],
"shared_bytes": 24576,
"args": [
{
"buf": "a"
},
{
"buf": "b"
},
{
"buf": "c"
},
{
"buf": "d"
},
{
"u64": 4611686293305360384
},
{
"u64": 4611686293305360384
},
{
"u32": 8192
},
{
"u32": 16384
},
{
"u32": 1
},
{
"buf": "meta"
}
],
"buffers": {
"a": {
"dtype": "u8",
"len": 8192,
"init": "randint:0:248"
},
"b": {
"dtype": "u8",
"len": 16384,
"init": "randint:0:248"
},
"c": {
"dtype": "f32",
"len": 8192,
"init": "normal"
},
"d": {
"dtype": "f32",
"len": 8192,
"init": "zeros"
},
"meta": {
"dtype": "u32",
"len": 128,
"init": "randint:0:4294967296"
}
},
"ptx": true
},
{
"name": "wgmma/sp.sel0.m64n128k64.f16.e5m2.e5m2.ss.sa1.sb1.sw128.v00",
"repo": "ptx-rs/ptx",
"source": "modules/sp_sel0_m64n128k64_f16_e5m2_e5m2_ss_sa1_sb1.ptx",
"nvcc_flags": [],
"entry": "k",
"grid": [
1,
1,
1
],
"block": [
128,
1,
1
],
"shared_bytes": 24576,
"args": [
{
"buf": "a"
},
{
"buf": "b"
},
{
"buf": "c"
},
{
"buf": "d"
},
{
"u64": 4611686293305360384
},
{
"u64": 4611686293305360384
},
{
"u32": 8192
},
{
"u32": 16384
},
{
"u32": 1
},
{
"buf": "meta"
}
],
"buffers": {
"a": {
"dtype": "u8",
"len": 8192,
"init": "randint:0:248"
},
"b": {
"dtype": "u8",
"len": 16384,
"init": "randint:0:248"
},
"c": {
"dtype": "f16",
"len": 8192,
"init": "normal"
},
"d": {
"dtype": "f16",
"len": 8192,
"init": "zeros"
},
"meta": {
"dtype": "u32",
"len": 128,
"init": "randint:0:4294967296"
}
},
"ptx": true
},
{
"name": "wgmma/sp.sel0.m64n128k64.s32.s8.s8.ss.sw128.v00",
"repo": "ptx-rs/ptx",
"source": "modules/sp_sel0_m64n128k64_s32_s8_s8_ss.ptx",
"nvcc_flags": [],
"entry": "k",
"grid": [
1,
1,
1
],
"block": [
128,
1,
1
],
"shared_bytes": 24576,
"args": [
{
"buf": "a"
},
{
"buf": "b"
},
{
"buf": "c"
},
{
"buf": "d"
},
{
"u64": 4611686293305360384
},
{
"u64": 4611686293305360384
},
{
"u32": 8192
},
{
"u32": 16384
},
{
"u32": 1
},
{
"buf": "meta"
}
],
"buffers": {
"a": {
"dtype": "i8",
"len": 8192,
"init": "randint:-128:128"
},
"b": {
"dtype": "i8",
"len": 16384,
"init": "randint:-128:128"
},
"c": {
"dtype": "i32",
"len": 8192,
"init": "randint:-1000000:1000000"
},
"d": {
"dtype": "i32",
"len": 8192,
"init": "zeros"
},
"meta": {
"dtype": "u32",
"len": 128,
"init": "randint:0:4294967296"
}
},
"ptx": true
},
{
"name": "wgmma/sp.sel0.m64n128k64.s32.u8.u8.ss.sw128.v00",
"repo": "ptx-rs/ptx",
"source": "modules/sp_sel0_m64n128k64_s32_u8_u8_ss.ptx",
"nvcc_flags": [],
"entry": "k",
"grid": [
1,
1,
1
],
"block": [
128,
1,
1
],
"shared_bytes": 24576,
"args": [
{
"buf": "a"
},
{
"buf": "b"
},
{
"buf": "c"
},
{
"buf": "d"
},
{
"u64": 4611686293305360384
},
{
"u64": 4611686293305360384
},
{
"u32": 8192
},
{
"u32": 16384
},
{
"u32": 1
},
{
"buf": "meta"
}
],
"buffers": {
"a": {
"dtype": "u8",
"len": 8192,
"init": "randint:0:256"
},
"b": {
"dtype": "u8",
"len": 16384,
"init": "randint:0:256"
},
"c": {
"dtype": "i32",
"len": 8192,
"init": "randint:-1000000:1000000"
},
"d": {
"dtype": "i32",
"len": 8192,
"init": "zeros"
},
"meta": {
"dtype": "u32",
"len": 128,
"init": "randint:0:4294967296"
}
},
"ptx": true
},
{
"name": "wgmma/sp.sel0.m64n64k32.f32.f16.f16.ss.ta0.tb0.sa1.sb1.sw0.v00",
"repo": "ptx-rs/ptx",
"source": "modules/sp_sel0_m64n64k32_f32_f16_f16_ss_ta0_tb0_sa1_sb1.ptx",
"nvcc_flags": [],
"entry": "k",
"grid": [
1,
1,
1
],
"block": [
128,
1,
1
],
"shared_bytes": 6144,
"args": [
{
"buf": "a"
},
{
"buf": "b"
},
{
"buf": "c"
},
{
"buf": "d"
},
{
"u64": 68720001024
},
{
"u64": 137439477760
},
{
"u32": 2048
},
{
"u32": 4096
},
{
"u32": 1
},
{
"buf": "meta"
}
],
"buffers": {
"a": {
"dtype": "f16",
"len": 1024,
"init": "normal"
},
"b": {
"dtype": "f16",
"len": 2048,
"init": "normal"
},
"c": {
"dtype": "f32",
"len": 4096,
"init": "normal"
},
"d": {
"dtype": "f32",
"len": 4096,
"init": "zeros"
},
"meta": {
"dtype": "u32",
"len": 128,
"init": "randint:0:4294967296"
}
},
"ptx": true
},
{
"name": "wgmma/sp.sel0.m64n64k32.f32.f16.f16.ss.ta0.tb0.sa1.sb1.sw32.v00",
"repo": "ptx-rs/ptx",
"source": "modules/sp_sel0_m64n64k32_f32_f16_f16_ss_ta0_tb0_sa1_sb1.ptx",
"nvcc_flags": [],
"entry": "k",
"grid": [
1,
1,
1
],
"block": [
128,
1,
1
],
"shared_bytes": 6144,
"args": [
{
"buf": "a"
},
{
"buf": "b"
},
{
"buf": "c"
},
{
"buf": "d"
},
{
"u64": 13835058124001705984
},
{
"u64": 13835058124010029056
},
{
"u32": 2048
},
{
"u32": 4096
},
{
"u32": 1
},
{
"buf": "meta"
}
],
"buffers": {
"a": {
"dtype": "f16",
"len": 1024,
"init": "normal"
},
"b": {
"dtype": "f16",
"len": 2048,
"init": "normal"
},
"c": {
"dtype": "f32",
"len": 4096,
"init": "normal"
},
"d": {
"dtype": "f32",
"len": 4096,
"init": "zeros"
},
"meta": {
"dtype": "u32",
"len": 128,
"init": "randint:0:4294967296"
}
},
"ptx": true
},
{
"name": "wgmma/sp.sel0.m64n64k32.f32.f16.f16.ss.ta0.tb0.sa1.sb1.sw64.v00",
"repo": "ptx-rs/ptx",
"source": "modules/sp_sel0_m64n64k32_f32_f16_f16_ss_ta0_tb0_sa1_sb1.ptx",
"nvcc_flags": [],
"entry": "k",
"grid": [
1,
1,
1
],
"block": [
128,
1,
1
],
"shared_bytes": 8192,
"args": [
{
"buf": "a"
},
{
"buf": "b"
},
{
"buf": "c"
},
{
"buf": "d"
},
{
"u64": 9223372174293794816
},
{
"u64": 9223372174293794816
},
{
"u32": 4096
},
{
"u32": 4096
},
{
"u32": 1
},
{
"buf": "meta"
}
],
"buffers": {
"a": {
"dtype": "f16",
"len": 2048,
"init": "normal"
},
"b": {
"dtype": "f16",
"len": 2048,
"init": "normal"
},
"c": {
"dtype": "f32",
"len": 4096,
"init": "normal"
},
"d": {
"dtype": "f32",
"len": 4096,
"init": "zeros"
},
"meta": {
"dtype": "u32",
"len": 128,
"init": "randint:0:4294967296"
}
},
"ptx": true
},
{
"name": "wgmma/sp.sel0.m64n64k32.f32.f16.f16.rs.ta0.tb0.sa1.sb1.sw128.v00",
"repo": "ptx-rs/ptx",
"source": "modules/sp_sel0_m64n64k32_f32_f16_f16_rs_ta0_tb0_sa1_sb1.ptx",
"nvcc_flags": [],
"entry": "k",
"grid": [
1,
1,
1
],
"block": [
128,
1,
1
],
"shared_bytes": 8192,
"args": [
{
"buf": "a"
},
{
"buf": "b"
},
{
"buf": "c"
},
{
"buf": "d"
},
{
"u64": 0
},
{
"u64": 4611686293305360384
},
{
"u32": 0
},
{
"u32": 8192
},
{
"u32": 1
},
{
"buf": "meta"
}
],
"buffers": {
"a": {
"dtype": "f16",
"len": 1024,
"init": "normal"
},
"b": {
"dtype": "f16",
"len": 4096,
"init": "normal"
},
"c": {
"dtype": "f32",
"len": 4096,
"init": "normal"
},
"d": {
"dtype": "f32",
"len": 4096,
"init": "zeros"
},
"meta": {
"dtype": "u32",
"len": 128,
"init": "randint:0:4294967296"
}
},
"ptx": true
},
{
"name": "wgmma/sp.sel1.m64n64k32.f32.f16.f16.rs.ta0.tb0.sa1.sb1.sw128.v00",
"repo": "ptx-rs/ptx",
"source": "modules/sp_sel1_m64n64k32_f32_f16_f16_rs_ta0_tb0_sa1_sb1.ptx",
"nvcc_flags": [],
"entry": "k",
"grid": [
1,
1,
1
],
"block": [
128,
1,
1
],
"shared_bytes": 8192,
"args": [
{
"buf": "a"
},
{
"buf": "b"
},
{
"buf": "c"
},
{
"buf": "d"
},
{
"u64": 0
},
{
"u64": 4611686293305360384
},
{
"u32": 0
},
{
"u32": 8192
},
{
"u32": 1
},
{
"buf": "meta"
}
],
"buffers": {
"a": {
"dtype": "f16",
"len": 1024,
"init": "normal"
},
"b": {
"dtype": "f16",
"len": 4096,
"init": "normal"
},
"c": {
"dtype": "f32",
"len": 4096,
"init": "normal"
},
"d": {
"dtype": "f32",
"len": 4096,
"init": "zeros"
},
"meta": {
"dtype": "u32",
"len": 128,
"init": "randint:0:4294967296"
}
},
"ptx": true
},
{
"name": "wgmma/sp.sel0.m64n64k32.f32.f16.f16.ss.ta1.tb1.sa1.sb1.sw128.v00",
"repo": "ptx-rs/ptx",
"source": "modules/sp_sel0_m64n64k32_f32_f16_f16_ss_ta1_tb1_sa1_sb1.ptx",
"nvcc_flags": [],
"entry": "k",
"grid": [
1,
1,
1
],
"block": [
128,
1,
1
],
"shared_bytes": 6144,
"args": [
{
"buf": "a"
},
{
"buf": "b"
},
{
"buf": "c"
},
{
"buf": "d"
},
{
"u64": 4611686293313683456
},
{
"u64": 4611686293322072064
},
{
"u32": 2048
},
{
"u32": 4096
},
{
"u32": 1
},
{
"buf": "meta"
}
],
"buffers": {
"a": {
"dtype": "f16",
"len": 1024,
"init": "normal"
},
"b": {
"dtype": "f16",
"len": 2048,
"init": "normal"
},
"c": {
"dtype": "f32",
"len": 4096,
"init": "normal"
},
"d": {
"dtype": "f32",
"len": 4096,
"init": "zeros"
},
"meta": {
"dtype": "u32",
"len": 128,
"init": "randint:0:4294967296"
}
},
"ptx": true
}
]
