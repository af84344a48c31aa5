/* SPDX-License-Identifier: MIT */
/*
 * The 'shader' suite: assembler/disassembler round trips, container
 * checksum vectors, and hostile token streams (truncated, lying lengths,
 * bad operand types, huge indices, random mutations of valid shaders):
 * every one decodes and translates or gives an error, never a crash or a
 * read past its tokens (the copies are exact-size heap buffers; the suite
 * runs under ASan too).
 */
#include <stdio.h>
#include <string.h>

#include "dxbc.h"
#include "shader-util.h"

/* Programs covering the declarations and operand forms (assembly of the
 * translator tests and more). */
static const char *const corpus[] = {
    "vs_4_0\ndcl_constantbuffer cb0[4], immediateIndexed\ndcl_input v0.xyzw\n"
    "dcl_output_siv o0.xyzw, position\ndcl_temps 1\nmul r0.xyzw, v0.yyyy, cb0[1].xyzw\n"
    "mad o0.xyzw, cb0[0].xyzw, v0.xxxx, r0.xyzw\nret\n",
    "ps_4_1\ndcl_immediateConstantBuffer { { 1.0, 0, 0, 0 }, { 0, 1.0, 0, 0 } }\n"
    "dcl_sampler s0, mode_default\ndcl_resource_texture2d (float,float,float,float) t0\n"
    "dcl_input_ps_siv linear noperspective v0.xy, position\n"
    "dcl_input_ps_sgv constant v1.x, is_front_face\ndcl_input_ps linear centroid v3.zw\n"
    "dcl_output o0.xyzw\ndcl_output oDepth\ndcl_temps 2\ndcl_indexableTemp x0[2], 4\n"
    "mov x0[r1.x + 1].xyzw, v3.zwzw\nftou r0.x, v0.x\nand r0.x, r0.x, l(1)\n"
    "sample_l r1.xyzw, v3.zwzz, t0.wzyx, s0, l(-2.5)\n"
    "mov_sat o0.xyzw, -|icb[r0.x + 0].xyzw|\nmovc oDepth, v1.x, l(0.5), l(0.25)\n"
    "if_z r0.x\ndiscard_nz r1.y\nendif\nloop\nbreakc_z r0.y\nendloop\nret\n",
    "gs_4_0\ndcl_input_siv v[3][0].xyzw, position\ndcl_input vPrim\n"
    "dcl_inputprimitive triangle\ndcl_outputtopology trianglestrip\n"
    "dcl_output_siv o0.xyzw, position\ndcl_maxout 3\nmov o0.xyzw, v[0][0].xyzw\nemit\ncut\n"
    "ret\n",
    "cs_5_0\ndcl_globalFlags refactoringAllowed\ndcl_uav_structured u0, 8\n"
    "dcl_uav_typed_texture2d (float,float,float,float) u1\ndcl_resource_raw t0\n"
    "dcl_resource_structured t1, 16\ndcl_tgsm_structured g0, 4, 16\n"
    "dcl_input vThreadIDInGroupFlattened\ndcl_input vThreadID.xy\ndcl_temps 2\n"
    "dcl_thread_group 4, 2, 1\nld_raw r0.x, l(0), t0.xxxx\n"
    "ld_structured_indexable(structured_buffer, stride=16)(mixed,mixed,mixed,mixed) r1.xy, "
    "vThreadID.x, l(4), t1.yxxx\n"
    "store_structured u0.xy, vThreadID.x, l(4), r0.xxxx\nsync_g_t\n"
    "imm_atomic_cmp_exch r1.x, u0, vThreadID.xy, l(0), l(1)\n"
    "store_uav_typed u1.xyzw, vThreadID.xyyy, r0.xxxx\nbufinfo r0.x, t1.xxxx\nret\n",
    "ps_5_0\ndcl_globalFlags refactoringAllowed | forceEarlyDepthStencil\n"
    "dcl_constantbuffer cb0[8], dynamicIndexed\ndcl_resource_texture2d (float,float,float,float) t0\n"
    "dcl_input_ps linear v1.xyzw\ndcl_output o0.xyzw\ndcl_temps 4\n"
    "resinfo_indexable(texture2d)(float,float,float,float)_uint r0.xyzw, l(0), t0.xyzw\n"
    "ld_aoffimmi_indexable(1,-2,0)(texture2d)(float,float,float,float) r1.xyzw, r0.xyzw, t0.xyzw\n"
    "switch r0.x\ncase l(3)\nimul null, r2.x, r0.x, cb0[r0.y + 1].x\nbreak\ndefault\nbreak\n"
    "endswitch\nf32tof16 r3.xy, r1.xyxx\nmov o0.xyzw, r1.xyzw\nret\n",
    "hs_5_0\nhs_decls\ndcl_input_control_point_count 3\ndcl_output_control_point_count 3\n"
    "dcl_tessellator_domain domain_tri\ndcl_tessellator_partitioning partitioning_pow2\n"
    "dcl_tessellator_output_primitive output_triangle_cw\ndcl_hs_max_tessfactor l(16.5)\n"
    "hs_control_point_phase\ndcl_input vOutputControlPointID\ndcl_input v[3][0].xyzw\n"
    "dcl_output o0.xyzw\ndcl_temps 1\nmov r0.x, vOutputControlPointID\n"
    "mov o0.xyzw, v[r0.x + 0][0].xyzw\nret\nhs_fork_phase\n"
    "dcl_hs_fork_phase_instance_count 3\ndcl_input vForkInstanceID\n"
    "dcl_output_siv o0.x, finalTriUeq0EdgeTessFactor\n"
    "dcl_output_siv o1.x, finalTriVeq0EdgeTessFactor\n"
    "dcl_output_siv o2.x, finalTriWeq0EdgeTessFactor\ndcl_temps 1\ndcl_indexrange o0.x 3\n"
    "mov r0.x, vForkInstanceID.x\nmov o[r0.x + 0].x, l(2.0)\nret\nhs_join_phase\n"
    "dcl_input vocp[3][0].xyzw\ndcl_input vpc0.x\n"
    "dcl_output_siv o3.x, finalTriInsideTessFactor\nadd o3.x, vpc0.x, vocp[1][0].w\nret\n",
    "ds_5_0\ndcl_input_control_point_count 4\ndcl_tessellator_domain domain_quad\n"
    "dcl_input vDomain.xy\ndcl_input vicp[4][0].xyzw\n"
    "dcl_input_siv vpc4.x, finalQuadUInsideTessFactor\ndcl_input vpc6.xyzw\n"
    "dcl_output_siv o0.xyzw, position\ndcl_temps 1\n"
    "mad r0.xyzw, vDomain.xxxx, vicp[1][0].xyzw, vpc6.xyzw\n"
    "mad o0.xyzw, vDomain.yyyy, vicp[3][0].xyzw, r0.xyzw\nadd o0.x, o0.x, vpc4.x\nret\n",
};

/* asm -> tokens -> dis -> asm gives the same tokens, and dis is stable. */
static void test_round_trip(void)
{
    for (size_t i = 0; i < G_N_ELEMENTS(corpus); i++) {
        uint32_t n1, n2;
        char err[160] = "";
        g_autofree uint32_t *t1 = su_assemble(corpus[i], &n1);
        char *d1 = sm4_disassemble(t1, n1, err, sizeof err);
        g_assert_cmpstr(err, ==, "");
        g_assert_nonnull(d1);
        g_autofree uint32_t *t2 = su_assemble(d1, &n2);
        g_assert_cmpuint(n1, ==, n2);
        g_assert_cmpmem(t1, n1 * 4u, t2, n2 * 4u);
        char *d2 = sm4_disassemble(t2, n2, err, sizeof err);
        g_assert_cmpstr(d1, ==, d2);
        free(d1);
        free(d2);
    }
}

/* Tokens the format fixes, checked by hand from the token layout: the
 * version, the length, "mov r0.xyzw, v0.xyzw" (opcode 54, length 5; operand
 * tokens: 4 components, mask/swizzle mode, type, 1D immediate index). */
static void test_encoding(void)
{
    uint32_t n;
    g_autofree uint32_t *t = su_assemble("vs_4_0\ndcl_input v0.xyzw\ndcl_output o0.xyzw\n"
                                         "dcl_temps 1\nmov r0.xyzw, v0.xyzw\nret\n", &n);
    static const uint32_t expect[] = {
        0x00010040, 16,                 /* version (vs_4_0), length with the ret */
        0x0300005f, 0x001010f2, 0,      /* dcl_input v0.xyzw */
        0x03000065, 0x001020f2, 0,      /* dcl_output o0.xyzw */
        0x02000068, 1,                  /* dcl_temps 1 */
        0x05000036, 0x001000f2, 0, 0x00101e46, 0, /* mov r0.xyzw, v0.xyzw */
    };
    g_assert_cmpuint(n, ==, 15 + 1);
    g_assert_cmpmem(t, sizeof expect, expect, sizeof expect);
    g_assert_cmphex(t[15], ==, 0x0100003e); /* ret */
}

static void hex(const uint8_t *d, char *out)
{
    for (int i = 0; i < 16; i++) {
        sprintf(out + 2 * i, "%02x", d[i]);
    }
}

/* The compression function through plain MD5's RFC 1321 test suite, then
 * the container: built, parsed, a flipped byte anywhere after the checksum
 * refused, both padding layouts (tail under 56 bytes and at least 56). */
static void test_checksum(void)
{
    static const char *const rfc[][2] = {
        { "", "d41d8cd98f00b204e9800998ecf8427e" },
        { "abc", "900150983cd24fb0d6963f7d28e17f72" },
        { "message digest", "f96b697d7cb7938d525a2f31aaf161d0" },
        { "12345678901234567890123456789012345678901234567890123456789012345678901234567890",
          "57edf4a22be3c955ac49da2e2107b67a" },
    };
    for (size_t i = 0; i < G_N_ELEMENTS(rfc); i++) {
        uint8_t d[16];
        char h[33];
        dxbc_md5((const uint8_t *)rfc[i][0], strlen(rfc[i][0]), d);
        hex(d, h);
        g_assert_cmpstr(h, ==, rfc[i][1]);
    }
    for (uint32_t extra = 0; extra < 80; extra += 4) {
        uint8_t payload[80];
        for (uint32_t k = 0; k < extra; k++) {
            payload[k] = (uint8_t)(k * 37 + 1);
        }
        DxbcChunk c = { DXBC_FOURCC('T', 'E', 'S', 'T'), payload, extra };
        size_t len;
        g_autofree uint8_t *b = dxbc_build(&c, 1, &len);
        Dxbc x;
        g_assert_cmpint(dxbc_parse(b, len, &x, NULL, 0), ==, 0);
        g_assert_cmpuint(x.nchunks, ==, 1);
        g_assert_cmpmem(x.chunk[0].data, extra, payload, extra);
        for (size_t at = 20; at < len; at++) {
            b[at] ^= 0x10;
            int r = dxbc_parse(b, len, &x, NULL, 0);
            b[at] ^= 0x10;
            g_assert_cmpint(r, ==, -1);
        }
    }
}

/* Containers: truncated, lying sizes and offsets, names past the chunk. */
static void test_container_hostile(void)
{
    size_t len;
    char err[128];
    g_autofree uint8_t *b = sm4_assemble_dxbc(corpus[0], &len, err, sizeof err);
    g_assert_nonnull(b);
    Dxbc x;
    for (size_t l = 0; l < len; l++) {
        g_autofree uint8_t *c = g_memdup2(b, l ? l : 1);
        g_assert_cmpint(dxbc_parse(c, l, &x, NULL, 0), ==, -1);
    }
    g_assert_cmpint(dxbc_parse(b, len, &x, NULL, 0), ==, 0);
    /* a signature chunk whose element count and name offsets lie */
    const DxbcChunk *isgn = dxbc_find(&x, DXBC_FOURCC('I', 'S', 'G', 'N'));
    g_assert_nonnull(isgn);
    g_autofree uint8_t *sig = g_memdup2(isgn->data, isgn->size);
    DxbcChunk c = { isgn->fourcc, sig, isgn->size };
    DxbcSigElem e[DXBC_MAX_SIG];
    uint32_t n;
    g_assert_cmpint(dxbc_sig_parse(&c, e, DXBC_MAX_SIG, &n), ==, 0);
    g_assert_cmpuint(n, ==, 1);
    g_assert_cmpstr(e[0].name, ==, "ATTRIB");
    sig[0] = 200; /* count */
    g_assert_cmpint(dxbc_sig_parse(&c, e, DXBC_MAX_SIG, &n), ==, -1);
    sig[0] = 1;
    sig[8] = 0xF0; /* name offset past the chunk */
    g_assert_cmpint(dxbc_sig_parse(&c, e, DXBC_MAX_SIG, &n), ==, -1);
}

static void decode_expect(const uint32_t *t, uint32_t n, Sm4Error want)
{
    char *tgsi;
    Sm4ShaderInfo info;
    g_assert_cmpint(su_translate(t, n, &tgsi, &info, NULL, 0), ==, want);
    g_assert_null(tgsi);
}

/* Hand-made malformed streams: each field the decoder reads. */
static void test_tokens_hostile(void)
{
    /* vs_4_0, a length larger than the buffer */
    decode_expect((const uint32_t[]){ 0x00010040, 9, 0x0100003e }, 3, SM4_ERR_TRUNCATED);
    /* version: hs_4_0, vs_6_0, program type 7 */
    decode_expect((const uint32_t[]){ 0x00030040, 3, 0x0100003e }, 3, SM4_ERR_VERSION);
    decode_expect((const uint32_t[]){ 0x00010060, 3, 0x0100003e }, 3, SM4_ERR_VERSION);
    decode_expect((const uint32_t[]){ 0x00070040, 3, 0x0100003e }, 3, SM4_ERR_VERSION);
    /* instruction length 0, past the end, shorter than its operands */
    decode_expect((const uint32_t[]){ 0x00010040, 3, 0x0000003e }, 3, SM4_ERR_OPCODE);
    decode_expect((const uint32_t[]){ 0x00010040, 3, 0x0200003e }, 3, SM4_ERR_TRUNCATED);
    decode_expect((const uint32_t[]){ 0x00010040, 5, 0x03000036, 0x001000f2, 0 }, 5,
                  SM4_ERR_TRUNCATED);
    /* longer than its operands */
    decode_expect((const uint32_t[]){ 0x00010040, 4, 0x0200003e, 0 }, 4, SM4_ERR_OPCODE);
    /* an SM5 opcode in an SM4 program (rcp), reserved opcodes, beyond the table */
    decode_expect((const uint32_t[]){ 0x00010040, 3, 0x01000081 }, 3, SM4_ERR_OPCODE);
    decode_expect((const uint32_t[]){ 0x00010050, 3, 0x0100006b }, 3, SM4_ERR_OPCODE);
    decode_expect((const uint32_t[]){ 0x00010050, 3, 0x010007ff }, 3, SM4_ERR_OPCODE);
    /* operand type 0xFF; N-component operand; index representation 7 */
    decode_expect((const uint32_t[]){ 0x00010040, 6, 0x04000036, 0x001000f2, 0, 0x00ff0000 }, 6,
                  SM4_ERR_OPERAND);
    decode_expect((const uint32_t[]){ 0x00010040, 7, 0x05000036, 0x001000f2, 0, 0x00101e47, 0 },
                  7, SM4_ERR_OPERAND);
    decode_expect((const uint32_t[]){ 0x00010040, 7, 0x05000036, 0x001000f2, 0, 0x03d01e46, 0 },
                  7, SM4_ERR_OPERAND);
    /* a modifier value beyond absneg; an unknown extended opcode type */
    decode_expect((const uint32_t[]){ 0x00010040, 8, 0x06000036, 0x001000f2, 0, 0x80101e46,
                                      0x00000101, 0 },
                  8, SM4_ERR_OPERAND);
    decode_expect((const uint32_t[]){ 0x00010040, 4, 0x8200003e, 0x0000003f }, 4, SM4_ERR_OPCODE);
    /* relative indices nested deeper than the decoder allows: r0[r0[r0[r0[..]]]] */
    {
        uint32_t t[32] = { 0x00010040, 0, 0 };
        uint32_t k = 3;
        t[k++] = 0x001000f2; /* dst r0 */
        t[k++] = 0;
        for (int i = 0; i < 5; i++) {
            t[k++] = 0x00500006 | 2u << 22; /* 1 component, temp, 1D relative */
        }
        t[k++] = 0x00100006;
        t[k++] = 0;
        t[1] = k;
        t[2] = 0x00000036 | (k - 2) << 24;
        decode_expect(t, k, SM4_ERR_OPERAND);
    }
    /* custom data: length 0, 1, past the end, an ICB not of vec4s */
    decode_expect((const uint32_t[]){ 0x00010040, 4, 0x00001835, 0 }, 4, SM4_ERR_TRUNCATED);
    decode_expect((const uint32_t[]){ 0x00010040, 4, 0x00001835, 1 }, 4, SM4_ERR_TRUNCATED);
    decode_expect((const uint32_t[]){ 0x00010040, 4, 0x00001835, 0x7fffffff }, 4,
                  SM4_ERR_TRUNCATED);
    decode_expect((const uint32_t[]){ 0x00010040, 6, 0x00001835, 4, 1, 2 }, 6, SM4_ERR_DECL);
    /* huge counts and indices: dcl_temps 2^32-1, cb0[4097], r0 with a 64-bit index */
    decode_expect((const uint32_t[]){ 0x00010040, 4, 0x02000068, 0xffffffff }, 4, SM4_ERR_DECL);
    decode_expect((const uint32_t[]){ 0x00010040, 6, 0x04000059, 0x00208e46, 0, 4097 }, 6,
                  SM4_ERR_DECL);
    decode_expect((const uint32_t[]){ 0x00010040, 11, 0x02000068, 1, 0x06000036, 0x001000f2, 0,
                                      0x00500e46 | 1u << 22, 1, 0, 0x0100003e },
                  11, SM4_ERR_OPERAND);
}

static uint32_t rng(uint64_t *s)
{
    *s ^= *s << 13;
    *s ^= *s >> 7;
    *s ^= *s << 17;
    return (uint32_t)*s;
}

/* Valid shaders with 1-4 random DWORDs changed (version and length kept),
 * and every truncation: decode + translate never crash nor over-read. */
static void test_mutations(void)
{
    uint64_t seed = 0x5ab1e5ab1eull;
    unsigned ok = 0, rejected = 0;
    for (size_t i = 0; i < G_N_ELEMENTS(corpus); i++) {
        uint32_t n;
        g_autofree uint32_t *t = su_assemble(corpus[i], &n);
        for (uint32_t l = 0; l < n; l++) { /* the length token says l, or lies */
            g_autofree uint32_t *c = g_memdup2(t, l ? l * 4u : 4);
            char *tgsi;
            Sm4ShaderInfo info;
            if (l >= 2) {
                c[1] = l;
            }
            Sm4Error e = su_translate(c, l, &tgsi, &info, NULL, 0);
            g_assert_true((e == SM4_OK) == (tgsi != NULL));
            free(tgsi);
            /* no room for the version and length: refused (a cut at an
             * instruction boundary is a shorter valid program, one inside
             * an instruction is refused: tokens/hostile) */
            if (l < 2) {
                g_assert_cmpint(e, !=, SM4_OK);
            }
        }
        for (int round = 0; round < 3000; round++) {
            g_autofree uint32_t *c = g_memdup2(t, n * 4u);
            int k = 1 + (int)(rng(&seed) % 4);
            for (int j = 0; j < k; j++) {
                uint32_t at = 2 + rng(&seed) % (n - 2);
                uint32_t r = rng(&seed);
                c[at] = (r & 1) ? c[at] ^ (1u << (r >> 1) % 32) : rng(&seed);
            }
            char *tgsi;
            Sm4ShaderInfo info;
            Sm4Error e = su_translate(c, n, &tgsi, &info, NULL, 0);
            g_assert_true((e == SM4_OK) == (tgsi != NULL));
            free(tgsi);
            e == SM4_OK ? ok++ : rejected++;
        }
    }
    g_test_message("mutations: %u translated, %u rejected", ok, rejected);
    g_assert_cmpuint(rejected, >, 0);
}

/* The assembler's own input is hostile too: clear errors, no crash. */
static void test_asm_hostile(void)
{
    static const char *const bad[] = {
        "", "vs_9_0\n", "ps_4_0\nfoo r0.x\n", "ps_4_0\nmov r0.xyzw\n", "ps_4_0\nmov r0.xq, r1.x\n",
        "ps_4_0\nmov r0.yx, r1.x\n", "ps_4_0\nmov r0.x, l(1, 2)\n", "ps_4_0\nmov r0.x, |r1.x\n",
        "ps_4_0\nif r0.x\n", "ps_4_0\nrcp r0.x, r1.x\n", "ps_4_0\nmov r0.x, r1[[[.x\n",
        "ps_4_0\ndcl_resource_texture9d (float,float,float,float) t0\n",
        "ps_4_0\nsample_aoffimmi(9,0,0) r0, v0, t0, s0\n",
    };
    for (size_t i = 0; i < G_N_ELEMENTS(bad); i++) {
        Sm4Asm a;
        char err[160] = "";
        g_assert_cmpint(sm4_assemble(bad[i], &a, err, sizeof err), ==, -1);
        g_assert_cmpstr(err, !=, "");
    }
}


/* A listing in fxc's layout (header, signature tables, the slot count):
 * the tables give the signatures, names and all.
 * Texture2D t; SamplerState s;
 * float4 main(float4 pos : SV_Position, float2 uv : TEXCOORD0,
 *             out float depth : SV_Depth) : SV_Target
 * { depth = 0.5; return t.Sample(s, uv); } */
static const char fxc_listing[] =
    "//\n"
    "// Generated by Microsoft (R) HLSL Shader Compiler\n"
    "//\n"
    "//\n"
    "// Input signature:\n"
    "//\n"
    "// Name                 Index   Mask Register SysValue  Format   Used\n"
    "// -------------------- ----- ------ -------- -------- ------- ------\n"
    "// SV_Position              0   xyzw        0      POS   float       \n"
    "// TEXCOORD                 0   xy          1     NONE   float   xy  \n"
    "//\n"
    "//\n"
    "// Output signature:\n"
    "//\n"
    "// Name                 Index   Mask Register SysValue  Format   Used\n"
    "// -------------------- ----- ------ -------- -------- ------- ------\n"
    "// SV_Target                0   xyzw        0   TARGET   float   xyzw\n"
    "// SV_Depth                 0    N/A   oDepth    DEPTH   float    YES\n"
    "//\n"
    "ps_4_0\n"
    "dcl_sampler s0, mode_default\n"
    "dcl_resource_texture2d (float,float,float,float) t0\n"
    "dcl_input_ps linear v1.xy\n"
    "dcl_output o0.xyzw\n"
    "dcl_output oDepth\n"
    "sample o0.xyzw, v1.xyxx, t0.xyzw, s0\n"
    "mov oDepth, l(0.500000)\n"
    "ret \n"
    "// Approximately 3 instruction slots used\n";

static void test_fxc_listing(void)
{
    Sm4Asm a;
    char err[160] = "";
    g_assert_cmpint(sm4_assemble(fxc_listing, &a, err, sizeof err), ==, 0);
    g_assert_cmpuint(a.nin, ==, 2);
    g_assert_cmpstr(a.in[0].name, ==, "SV_Position");
    g_assert_cmpuint(a.in[0].sv, ==, 1);
    g_assert_cmphex(a.in[0].mask, ==, 0xF);
    g_assert_cmpstr(a.in[1].name, ==, "TEXCOORD");
    g_assert_cmpuint(a.in[1].reg, ==, 1);
    g_assert_cmphex(a.in[1].mask, ==, 0x3);
    g_assert_cmphex(a.in[1].rw, ==, 0x3);
    g_assert_cmpuint(a.nout, ==, 2);
    g_assert_cmpuint(a.out[0].sv, ==, DXBC_NAME_TARGET);
    g_assert_cmpstr(a.out[1].name, ==, "SV_Depth");
    g_assert_cmpuint(a.out[1].sv, ==, DXBC_NAME_DEPTH);
    g_assert_cmphex(a.out[1].reg, ==, 0xFFFFFFFFu);
    /* version, length, 7 instructions */
    g_assert_cmphex(a.tokens[0], ==, 0x00000040);
    g_assert_cmpuint(a.tokens[1], ==, a.ntokens);
    sm4_asm_free(&a);
}

void shader_hostile_tests_add(void)
{
    g_test_add_func("/shader/asm/fxc-listing", test_fxc_listing);
    g_test_add_func("/shader/asm/round-trip", test_round_trip);
    g_test_add_func("/shader/asm/encoding", test_encoding);
    g_test_add_func("/shader/asm/hostile", test_asm_hostile);
    g_test_add_func("/shader/dxbc/checksum", test_checksum);
    g_test_add_func("/shader/dxbc/hostile", test_container_hostile);
    g_test_add_func("/shader/tokens/hostile", test_tokens_hostile);
    g_test_add_func("/shader/tokens/mutations", test_mutations);
}
