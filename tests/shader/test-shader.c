/* SPDX-License-Identifier: MIT */
/*
 * The 'shader' suite: translator goldens without any device.  Each case is
 * SM4/SM5 assembly (the HLSL it stands for in a comment where it is not a
 * single instruction) and the TGSI text expected, derived from the two
 * specifications (the D3D10/11 instruction semantics and the TGSI text
 * syntax of Mesa's tgsi_text.c / opcode list) and the mapping table of
 * docs/umd.md, not captured from a run.  Conventions the expectations rely
 * on: register r<n> is TEMP[n]; indexable arrays, the immediate constant
 * buffer and the converted system values follow the r registers; the six
 * scratch temporaries S0..S5 come last (S0 = TEMP[4] with dcl_temps 4);
 * immediates are numbered in the order of first use.
 */
#include <string.h>

#include "shader-util.h"

/* ps_5_0 with r0..r3, v1 (linear), o0, cb0[8], t0 (2D float), t1 (2D array
 * uint), s0, s1 (comparison): S0 = TEMP[4], S1 = TEMP[5], S2 = TEMP[6]. */
static const char ps_prelude[] =
    "ps_5_0\n"
    "dcl_constantbuffer cb0[8], dynamicIndexed\n"
    "dcl_sampler s0, mode_default\n"
    "dcl_sampler s1, mode_comparison\n"
    "dcl_resource_texture2d (float,float,float,float) t0\n"
    "dcl_resource_texture2darray (uint,uint,uint,uint) t1\n"
    "dcl_input_ps linear v1.xyzw\n"
    "dcl_output o0.xyzw\n"
    "dcl_temps 4\n";

static void check_body(const char *body, const char *expect)
{
    g_autofree char *text = g_strconcat(ps_prelude, body, "\nret\n", NULL);
    g_autofree char *got = su_body(text);
    if (strcmp(got, expect)) {
        g_test_message("for:\n%s\nexpected:\n%s\ngot:\n%s", body, expect, got);
    }
    g_assert_cmpstr(got, ==, expect);
}

/* One SM4/SM5 instruction to one TGSI instruction, operands in order. */
typedef struct Direct {
    const char *sm4, *tgsi;
    unsigned nsrc;
} Direct;

static const Direct directs[] = {
    { "add", "ADD", 2 },        { "and", "AND", 2 },         { "deriv_rtx", "DDX", 1 },
    { "deriv_rty", "DDY", 1 },  { "div", "DIV", 2 },         { "dp2", "DP2", 2 },
    { "dp3", "DP3", 2 },        { "dp4", "DP4", 2 },         { "eq", "FSEQ", 2 },
    { "frc", "FRC", 1 },        { "ftoi", "F2I", 1 },        { "ftou", "F2U", 1 },
    { "ge", "FSGE", 2 },        { "iadd", "UADD", 2 },       { "ieq", "USEQ", 2 },
    { "ige", "ISGE", 2 },       { "ilt", "ISLT", 2 },        { "imad", "UMAD", 3 },
    { "imax", "IMAX", 2 },      { "imin", "IMIN", 2 },       { "ine", "USNE", 2 },
    { "ineg", "INEG", 1 },      { "itof", "I2F", 1 },        { "lt", "FSLT", 2 },
    { "mad", "MAD", 3 },        { "min", "MIN", 2 },         { "max", "MAX", 2 },
    { "mov", "MOV", 1 },        { "movc", "UCMP", 3 },       { "mul", "MUL", 2 },
    { "ne", "FSNE", 2 },        { "not", "NOT", 1 },         { "or", "OR", 2 },
    { "round_ne", "ROUND", 1 }, { "round_ni", "FLR", 1 },    { "round_pi", "CEIL", 1 },
    { "round_z", "TRUNC", 1 },  { "ult", "USLT", 2 },        { "uge", "USGE", 2 },
    { "umad", "UMAD", 3 },      { "umax", "UMAX", 2 },       { "umin", "UMIN", 2 },
    { "utof", "U2F", 1 },       { "xor", "XOR", 2 },         { "deriv_rtx_coarse", "DDX", 1 },
    { "deriv_rtx_fine", "DDX_FINE", 1 }, { "deriv_rty_coarse", "DDY", 1 },
    { "deriv_rty_fine", "DDY_FINE", 1 }, { "countbits", "POPC", 1 },
    { "firstbit_lo", "LSB", 1 }, { "bfrev", "BREV", 1 },
};

static void test_direct(void)
{
    for (size_t i = 0; i < G_N_ELEMENTS(directs); i++) {
        const Direct *d = &directs[i];
        GString *b = g_string_new(NULL), *e = g_string_new(NULL);
        g_string_append_printf(b, "%s r0.xyzw", d->sm4);
        g_string_append_printf(e, "%s TEMP[0]", d->tgsi);
        for (unsigned k = 1; k <= d->nsrc; k++) {
            g_string_append_printf(b, ", r%u.xyzw", k);
            g_string_append_printf(e, ", TEMP[%u].xyzw", k);
        }
        check_body(b->str, e->str);
        g_string_free(b, TRUE);
        g_string_free(e, TRUE);
    }
}

/* exp/log/rsq/sqrt/rcp: TGSI's are scalar (replicating); D3D's are per
 * component: one per written lane into S0, then the move. */
static void test_per_lane(void)
{
    static const char *const pairs[][2] = { { "exp", "EX2" }, { "log", "LG2" }, { "rsq", "RSQ" },
                                            { "sqrt", "SQRT" }, { "rcp", "RCP" } };
    for (size_t i = 0; i < G_N_ELEMENTS(pairs); i++) {
        g_autofree char *b = g_strdup_printf("%s r0.xz, r1.xyzw", pairs[i][0]);
        g_autofree char *e = g_strdup_printf("%s TEMP[4].x, TEMP[1].xxxx\n"
                                             "%s TEMP[4].z, TEMP[1].zzzz\n"
                                             "MOV TEMP[0].xz, TEMP[4]",
                                             pairs[i][1], pairs[i][1]);
        check_body(b, e);
    }
}

typedef struct Golden {
    const char *body, *expect;
} Golden;

static const Golden goldens[] = {
    /* operand forms: _sat, -|x| (extended operand token), select_1, a
     * scalar immediate (replicated into a vec4), a 4-value immediate */
    { "mad_sat r0.xy, -|r1.zwzz|, cb0[2].y, l(1.0)",
      "IMM[0] UINT32 {1065353216, 1065353216, 1065353216, 1065353216}\n"
      "MAD_SAT TEMP[0].xy, -|TEMP[1].zwzz|, CONST[0][2].yyyy, IMM[0].xyzw" },
    { "add r0.xyzw, r1.xyzw, l(1, 2, -3, 0x7fc00000)",
      "IMM[0] UINT32 {1, 2, 4294967293, 2143289344}\nADD TEMP[0], TEMP[1].xyzw, IMM[0].xyzw" },
    /* cb0[r1.x + 2]: immediate + relative index */
    { "mov r0.xyzw, cb0[r1.x + 2].xyzw",
      "UARL ADDR[0].x, TEMP[1].xxxx\nMOV TEMP[0], CONST[0][ADDR[0].x+2].xyzw" },
    /* shifts use the low 5 bits of the count */
    { "ishl r0.x, r1.x, r2.x",
      "IMM[0] UINT32 {31, 31, 31, 31}\nAND TEMP[4], TEMP[2].xxxx, IMM[0]\n"
      "SHL TEMP[0].x, TEMP[1].xxxx, TEMP[4]" },
    { "ishr r0.x, r1.x, r2.x",
      "IMM[0] UINT32 {31, 31, 31, 31}\nAND TEMP[4], TEMP[2].xxxx, IMM[0]\n"
      "ISHR TEMP[0].x, TEMP[1].xxxx, TEMP[4]" },
    { "ushr r0.x, r1.x, r2.x",
      "IMM[0] UINT32 {31, 31, 31, 31}\nAND TEMP[4], TEMP[2].xxxx, IMM[0]\n"
      "USHR TEMP[0].x, TEMP[1].xxxx, TEMP[4]" },
    /* two results through S0/S1; null destinations written nowhere */
    { "sincos r0.x, null, r2.x",
      "SIN TEMP[4].x, TEMP[2].xxxx\nCOS TEMP[5].x, TEMP[2].xxxx\nMOV TEMP[0].x, TEMP[4]" },
    { "imul r0.y, r1.y, r2.yyyy, r3.yyyy",
      "IMUL_HI TEMP[4], TEMP[2].yyyy, TEMP[3].yyyy\nUMUL TEMP[5], TEMP[2].yyyy, TEMP[3].yyyy\n"
      "MOV TEMP[0].y, TEMP[4]\nMOV TEMP[1].y, TEMP[5]" },
    { "umul null, r1.y, r2.yyyy, r3.yyyy",
      "UMUL_HI TEMP[4], TEMP[2].yyyy, TEMP[3].yyyy\nUMUL TEMP[5], TEMP[2].yyyy, TEMP[3].yyyy\n"
      "MOV TEMP[1].y, TEMP[5]" },
    { "udiv r0.x, null, r1.x, r2.x",
      "UDIV TEMP[4], TEMP[1].xxxx, TEMP[2].xxxx\nUMOD TEMP[5], TEMP[1].xxxx, TEMP[2].xxxx\n"
      "MOV TEMP[0].x, TEMP[4]" },
    /* carry = sum < a; borrow = a < b; both 1 or 0 */
    { "uaddc r0.x, r1.x, r2.x, r3.x",
      "IMM[0] UINT32 {1, 1, 1, 1}\nUADD TEMP[4], TEMP[2].xxxx, TEMP[3].xxxx\n"
      "USLT TEMP[5], TEMP[4], TEMP[2].xxxx\nAND TEMP[5], TEMP[5], IMM[0]\n"
      "MOV TEMP[0].x, TEMP[4]\nMOV TEMP[1].x, TEMP[5]" },
    { "usubb r0.x, r1.x, r2.x, r3.x",
      "IMM[0] UINT32 {1, 1, 1, 1}\nINEG TEMP[6], TEMP[3].xxxx\n"
      "UADD TEMP[4], TEMP[2].xxxx, TEMP[6]\nUSLT TEMP[5], TEMP[2].xxxx, TEMP[3].xxxx\n"
      "AND TEMP[5], TEMP[5], IMM[0]\nMOV TEMP[0].x, TEMP[4]\nMOV TEMP[1].x, TEMP[5]" },
    { "swapc r0.xy, r1.xy, r2.xyxx, r3.xyxx, r0.xyxx",
      "UCMP TEMP[4], TEMP[2].xyxx, TEMP[0].xyxx, TEMP[3].xyxx\n"
      "UCMP TEMP[5], TEMP[2].xyxx, TEMP[3].xyxx, TEMP[0].xyxx\n"
      "MOV TEMP[0].xy, TEMP[4]\nMOV TEMP[1].xy, TEMP[5]" },
    /* firstbit_hi counts from the top: 31 - msb, ~0 when no bit is set */
    { "firstbit_hi r0.x, r1.x",
      "IMM[0] UINT32 {31, 31, 31, 31}\nIMM[1] UINT32 {4294967295, 4294967295, 4294967295, 4294967295}\n"
      "UMSB TEMP[4], TEMP[1].xxxx\nUADD TEMP[5], -TEMP[4], IMM[0]\n"
      "USEQ TEMP[6], TEMP[4], IMM[1]\nUCMP TEMP[0].x, TEMP[6], TEMP[4], TEMP[5]" },
    { "firstbit_shi r0.x, r1.x",
      "IMM[0] UINT32 {31, 31, 31, 31}\nIMM[1] UINT32 {4294967295, 4294967295, 4294967295, 4294967295}\n"
      "IMSB TEMP[4], TEMP[1].xxxx\nUADD TEMP[5], -TEMP[4], IMM[0]\n"
      "USEQ TEMP[6], TEMP[4], IMM[1]\nUCMP TEMP[0].x, TEMP[6], TEMP[4], TEMP[5]" },
    { "f32tof16 r0.x, r1.x",
      "IMM[0] UINT32 {65535, 65535, 65535, 65535}\nPK2H TEMP[4].x, TEMP[1].xxxx\n"
      "AND TEMP[4].x, TEMP[4], IMM[0]\nMOV TEMP[0].x, TEMP[4]" },
    { "f16tof32 r0.y, r1.y",
      "UP2H TEMP[5], TEMP[1].yyyy\nMOV TEMP[4].y, TEMP[5].xxxx\nMOV TEMP[0].y, TEMP[4]" },
    /* ubfe dst, width, offset, value -> UBFE dst, value, offset, width */
    { "ubfe r0.x, l(8), l(4), r1.x",
      "IMM[0] UINT32 {8, 8, 8, 8}\nIMM[1] UINT32 {4, 4, 4, 4}\nIMM[2] UINT32 {31, 31, 31, 31}\n"
      "AND TEMP[4], IMM[0].xyzw, IMM[2]\nAND TEMP[5], IMM[1].xyzw, IMM[2]\n"
      "UBFE TEMP[0].x, TEMP[1].xxxx, TEMP[5], TEMP[4]" },
    { "ibfe r0.x, l(8), l(4), r1.x",
      "IMM[0] UINT32 {8, 8, 8, 8}\nIMM[1] UINT32 {4, 4, 4, 4}\nIMM[2] UINT32 {31, 31, 31, 31}\n"
      "AND TEMP[4], IMM[0].xyzw, IMM[2]\nAND TEMP[5], IMM[1].xyzw, IMM[2]\n"
      "IBFE TEMP[0].x, TEMP[1].xxxx, TEMP[5], TEMP[4]" },
    /* bfi dst, width, offset, insert, base -> BFI dst, base, insert, offset, width */
    { "bfi r0.x, l(8), l(4), r1.x, r2.x",
      "IMM[0] UINT32 {8, 8, 8, 8}\nIMM[1] UINT32 {4, 4, 4, 4}\nIMM[2] UINT32 {31, 31, 31, 31}\n"
      "AND TEMP[4], IMM[0].xyzw, IMM[2]\nAND TEMP[5], IMM[1].xyzw, IMM[2]\n"
      "BFI TEMP[0].x, TEMP[2].xxxx, TEMP[1].xxxx, TEMP[5], TEMP[4]" },
    /* flow control: integer tests (if_z: == 0 first) */
    { "if_nz r0.x\nmov r1.xyzw, r2.xyzw\nelse\nmov r1.xyzw, r3.xyzw\nendif",
      "UIF TEMP[0].xxxx\nMOV TEMP[1], TEMP[2].xyzw\nELSE\nMOV TEMP[1], TEMP[3].xyzw\nENDIF" },
    { "if_z r0.x\nret\nendif",
      "IMM[0] UINT32 {0, 0, 0, 0}\nUSEQ TEMP[4].x, TEMP[0].xxxx, IMM[0]\nUIF TEMP[4].xxxx\nRET\n"
      "ENDIF" },
    { "loop\nbreakc_nz r0.x\ncontinuec_z r0.y\ncontinue\nendloop",
      "IMM[0] UINT32 {0, 0, 0, 0}\nBGNLOOP\nUIF TEMP[0].xxxx\nBRK\nENDIF\n"
      "USEQ TEMP[4].x, TEMP[0].yyyy, IMM[0]\nUIF TEMP[4].xxxx\nCONT\nENDIF\nCONT\nENDLOOP" },
    { "switch r0.x\ncase l(1)\nbreak\ndefault\nbreak\nendswitch",
      "IMM[0] UINT32 {1, 1, 1, 1}\nSWITCH TEMP[0].xxxx\nCASE IMM[0].xyzw\nBRK\nDEFAULT\nBRK\n"
      "ENDSWITCH" },
    { "discard_nz r0.x", "UIF TEMP[0].xxxx\nKILL\nENDIF" },
    { "retc_nz r0.w", "UIF TEMP[0].wwww\nRET\nENDIF" },
    /* sampling: the TEX family on unit SAMP[u] (u: the (t#, s#) pair's
     * unit, from 0 in the order of first use); D3D's separate LOD, bias
     * and reference go into the coordinate (S1); the result through the
     * resource operand's swizzle */
    { "sample r0.xyzw, v1.xyxx, t0.xyzw, s0",
      "TEX TEMP[4], IN[1].xyxx, SAMP[0], 2D\nMOV TEMP[0], TEMP[4].xyzw" },
    { "sample_l r0.xy, v1.xyxx, t0.wzyx, s0, l(2.0)",
      "IMM[0] UINT32 {1073741824, 1073741824, 1073741824, 1073741824}\n"
      "MOV TEMP[5], IN[1].xyxx\nMOV TEMP[5].w, IMM[0].xxxx\nTXL TEMP[4], TEMP[5], SAMP[0], 2D\n"
      "MOV TEMP[0].xy, TEMP[4].wzyx" },
    { "sample_b r0.xyzw, v1.xyxx, t0.xyzw, s0, r1.x",
      "MOV TEMP[5], IN[1].xyxx\nMOV TEMP[5].w, TEMP[1].xxxx\nTXB TEMP[4], TEMP[5], SAMP[0], 2D\n"
      "MOV TEMP[0], TEMP[4].xyzw" },
    /* comparison: the reference in z (2D) or w (2D array) */
    { "sample_c r0.x, v1.xyxx, t0.xxxx, s1, r1.x",
      "MOV TEMP[5], IN[1].xyxx\nMOV TEMP[5].z, TEMP[1].xxxx\n"
      "TEX TEMP[4], TEMP[5], SAMP[0], SHADOW2D\nMOV TEMP[0].x, TEMP[4].xxxx" },
    { "sample_c r0.x, v1.xyzx, t1.xxxx, s1, r1.x",
      "MOV TEMP[5], IN[1].xyzx\nMOV TEMP[5].w, TEMP[1].xxxx\n"
      "TEX TEMP[4], TEMP[5], SAMP[0], SHADOW2D_ARRAY\nMOV TEMP[0].x, TEMP[4].xxxx" },
    /* level 0: zero derivatives */
    { "sample_c_lz r0.x, v1.xyzx, t1.xxxx, s1, r1.x",
      "IMM[0] UINT32 {0, 0, 0, 0}\nMOV TEMP[5], IN[1].xyzx\nMOV TEMP[5].w, TEMP[1].xxxx\n"
      "TXD TEMP[4], TEMP[5], IMM[0], IMM[0], SAMP[0], SHADOW2D_ARRAY\n"
      "MOV TEMP[0].x, TEMP[4].xxxx" },
    { "sample_d r0.xyzw, v1.xyxx, t0.xyzw, s0, r1.xyxx, r2.xyxx",
      "TXD TEMP[4], IN[1].xyxx, TEMP[1].xyxx, TEMP[2].xyxx, SAMP[0], 2D\n"
      "MOV TEMP[0], TEMP[4].xyzw" },
    /* the SM5 form with extended opcode tokens (resource dim, return type) */
    { "sample_indexable(texture2d)(float,float,float,float) r0.xyzw, v1.xyxx, t0.xyzw, s0",
      "TEX TEMP[4], IN[1].xyxx, SAMP[0], 2D\nMOV TEMP[0], TEMP[4].xyzw" },
    /* immediate texel offsets: the TEX family's offset operand */
    { "sample_aoffimmi(1,-2,0) r0.xyzw, v1.xyxx, t0.xyzw, s0",
      "IMM[0] UINT32 {1, 4294967294, 0, 0}\nTEX TEMP[4], IN[1].xyxx, SAMP[0], 2D, IMM[0].xyz\n"
      "MOV TEMP[0], TEMP[4].xyzw" },
    /* t1 with s0, then t0 with s0, then t1 with s1 (comparison): three units */
    { "sample r0.xyzw, v1.xyzx, t1.xyzw, s0\nsample r2.xyzw, v1.xyxx, t0.xyzw, s0\n"
      "sample_c r3.x, v1.xyzx, t1.xxxx, s1, r1.x",
      "TEX TEMP[4], IN[1].xyzx, SAMP[0], 2D_ARRAY\nMOV TEMP[0], TEMP[4].xyzw\n"
      "TEX TEMP[4], IN[1].xyxx, SAMP[1], 2D\nMOV TEMP[2], TEMP[4].xyzw\n"
      "MOV TEMP[5], IN[1].xyzx\nMOV TEMP[5].w, TEMP[1].xxxx\n"
      "TEX TEMP[4], TEMP[5], SAMP[2], SHADOW2D_ARRAY\nMOV TEMP[3].x, TEMP[4].xxxx" },
    /* LODQ writes x and y */
    { "lod r0.xy, v1.xyxx, t0.xyzw, s0",
      "IMM[0] UINT32 {0, 0, 0, 0}\nMOV TEMP[4], IMM[0]\nLODQ TEMP[4].xy, IN[1].xyxx, SAMP[0], 2D\n"
      "MOV TEMP[0].xy, TEMP[4].xyzw" },
    /* gather: the channel the sampler operand selects; comparison; offsets */
    { "gather4 r0.xyzw, v1.xyxx, t0.xyzw, s0.x",
      "IMM[0] UINT32 {0, 0, 0, 0}\nTG4 TEMP[4], IN[1].xyxx, IMM[0].xxxx, SAMP[0], 2D\n"
      "MOV TEMP[0], TEMP[4].xyzw" },
    { "gather4 r0.xyzw, v1.xyxx, t0.xyzw, s0.z",
      "IMM[0] UINT32 {2, 2, 2, 2}\nTG4 TEMP[4], IN[1].xyxx, IMM[0].xxxx, SAMP[0], 2D\n"
      "MOV TEMP[0], TEMP[4].xyzw" },
    { "gather4_c r0.xyzw, v1.xyxx, t0.xyzw, s1.x, r1.x",
      "IMM[0] UINT32 {0, 0, 0, 0}\nMOV TEMP[5], IN[1].xyxx\nMOV TEMP[5].z, TEMP[1].xxxx\n"
      "TG4 TEMP[4], TEMP[5], IMM[0].xxxx, SAMP[0], SHADOW2D\nMOV TEMP[0], TEMP[4].xyzw" },
    { "gather4_po r0.xyzw, v1.xyxx, r1.xyxx, t0.xyzw, s0.y",
      "IMM[0] UINT32 {1, 1, 1, 1}\nMOV TEMP[6], TEMP[1].xyxx\n"
      "TG4 TEMP[4], IN[1].xyxx, IMM[0].xxxx, SAMP[0], 2D, TEMP[6].xyz\nMOV TEMP[0], TEMP[4].xyzw" },
    /* ld: TXF (mip in w as D3D's address has it); immediate offsets added
     * to the address; it shares a unit of its resource */
    { "ld r0.xyzw, r1.xyzw, t0.xyzw",
      "TXF TEMP[4], TEMP[1].xyzw, SAMP[0], 2D\nMOV TEMP[0], TEMP[4].xyzw" },
    { "ld_aoffimmi(1,-1,0) r0.xyzw, r1.xyzw, t0.xyzw",
      "IMM[0] UINT32 {1, 4294967295, 0, 0}\nUADD TEMP[5], TEMP[1].xyzw, IMM[0]\n"
      "TXF TEMP[4], TEMP[5], SAMP[0], 2D\nMOV TEMP[0], TEMP[4].xyzw" },
    { "sample r0.xyzw, v1.xyxx, t1.xyzw, s1\nld r2.xyzw, r1.xyzw, t1.xyzw",
      "TEX TEMP[4], IN[1].xyxx, SAMP[0], 2D_ARRAY\nMOV TEMP[0], TEMP[4].xyzw\n"
      "TXF TEMP[4], TEMP[1].xyzw, SAMP[0], 2D_ARRAY\nMOV TEMP[2], TEMP[4].xyzw" },
    /* resinfo: TXQ (integers, zeros where the target has no value); float
     * by default, _uint as is, _rcpFloat inverts the dims */
    { "resinfo_uint r0.xyzw, l(0), t0.xyzw",
      "IMM[0] UINT32 {0, 0, 0, 0}\nMOV TEMP[4], IMM[0]\nTXQ TEMP[4], IMM[0].xyzw, SAMP[0], 2D\n"
      "MOV TEMP[0], TEMP[4].xyzw" },
    { "resinfo r0.xyzw, l(0), t0.xyzw",
      "IMM[0] UINT32 {0, 0, 0, 0}\nMOV TEMP[4], IMM[0]\nTXQ TEMP[4], IMM[0].xyzw, SAMP[0], 2D\n"
      "U2F TEMP[4], TEMP[4]\nMOV TEMP[0], TEMP[4].xyzw" },
    { "resinfo_rcpFloat r0.xy, l(0), t0.xyzw",
      "IMM[0] UINT32 {0, 0, 0, 0}\nMOV TEMP[4], IMM[0]\nTXQ TEMP[4], IMM[0].xyzw, SAMP[0], 2D\n"
      "U2F TEMP[4], TEMP[4]\nRCP TEMP[4].x, TEMP[4].xxxx\nRCP TEMP[4].y, TEMP[4].yyyy\n"
      "MOV TEMP[0].xy, TEMP[4].xyzw" },
    /* not multisampled: 0 samples */
    { "sample_info_uint r0.x, t0.xyzw",
      "IMM[0] UINT32 {0, 0, 0, 0}\nMOV TEMP[4], IMM[0]\nMOV TEMP[0].x, TEMP[4].xyzw" },
    /* pull-model interpolation (offsets in 1/16 pixel) */
    { "eval_centroid r0.xyzw, v1.xyzw", "INTERP_CENTROID TEMP[0], IN[1].xyzw" },
    { "eval_sample_index r0.xyzw, v1.xyzw, l(2)",
      "IMM[0] UINT32 {2, 2, 2, 2}\nINTERP_SAMPLE TEMP[0], IN[1].xyzw, IMM[0].xyzw" },
    { "eval_snapped r0.xyzw, v1.xyzw, r1.xyxx",
      "IMM[0] UINT32 {1031798784, 1031798784, 1031798784, 1031798784}\n"
      "I2F TEMP[4], TEMP[1].xyxx\nMUL TEMP[4], TEMP[4], IMM[0]\n"
      "INTERP_OFFSET TEMP[0], IN[1].xyzw, TEMP[4]" },
    /* not mapped: reported, with the reason */
    { "dadd r0.xy, r1.xyxx, r2.xyxx", "error unsupported: instruction dadd" },
    { "call l0", "error operand: call of a label that is not there" },
    /* malformed in ways the decoder cannot see */
    { "mov r7.xyzw, r0.xyzw", "error operand: temp register out of range" },
    { "mov r0.xyzw, cb0[9].xyzw", "error operand: index 9 out of range (8)" },
    { "mov r0.xyzw, cb3[0].xyzw", "error operand: constant buffer not declared" },
    { "sample r0.xyzw, v1.xyxx, t5.xyzw, s0", "error operand: not a typed shader resource" },
    { "sample r0.xyzw, v1.xyxx, t0.xyzw, s3", "error operand: not a declared sampler" },
    { "ld_ms r0.xyzw, r1.xyzw, t0.xyzw, l(1)",
      "error operand: ld_ms on a resource that is not multisampled" },
    { "endif", "error opcode: unbalanced ENDIF" },
    { "loop\nendif\nendloop", "error opcode: unbalanced ENDIF" },
    { "break", "error opcode: break outside loop/switch" },
    { "if_nz r0.x", "error opcode: unterminated if/loop/switch" },
    { "emit", "error opcode: emit/cut outside a geometry shader" },
};

static void test_goldens(void)
{
    for (size_t i = 0; i < G_N_ELEMENTS(goldens); i++) {
        check_body(goldens[i].body, goldens[i].expect);
    }
}

/* Whole programs: every declaration's TGSI form. */
typedef struct Program {
    const char *name, *sm4, *tgsi;
} Program;

static const Program programs[] = {
    /* sample_pos / sample_info of the rasterizer: the count from the
     * driver's register after cb0 (CONST[0][2], declared on its own) */
    { "ps-rasterizer-samples",
      "ps_4_1\n"
      "dcl_constantbuffer cb0[2], immediateIndexed\n"
      "dcl_input_ps linear v1.x\n"
      "dcl_output o0.xyzw\n"
      "dcl_temps 2\n"
      "ftou r0.x, v1.x\n"
      "sample_pos r1.xy, rasterizer.xyxx, r0.x\n"
      "sample_info_uint r1.z, rasterizer.x\n"
      "utof r1.z, r1.z\n"
      "add o0.xy, r1.xyxx, cb0[1].xyxx\n"
      "mul o0.z, r1.z, l(0.25)\n"
      "mov o0.w, cb0[0].x\n"
      "ret\n",
      "FRAG\n"
      "PROPERTY FS_COORD_ORIGIN UPPER_LEFT\n"
      "PROPERTY FS_COORD_PIXEL_CENTER HALF_INTEGER\n"
      "DCL TEMP[0..1]\n"
      "DCL IN[1].x, GENERIC[1], PERSPECTIVE\n"
      "DCL OUT[0], COLOR[0]\n"
      "DCL CONST[0][0..1]\n"
      "DCL CONST[0][2]\n"
      "DCL TEMP[2..7]\n"
      "IMM[0] UINT32 {0, 0, 0, 0}\n"
      "IMM[1] UINT32 {4, 4, 4, 4}\n"
      "IMM[2] UINT32 {3187671040, 3200253952, 0, 0}\n"
      "IMM[3] UINT32 {1, 1, 1, 1}\n"
      "IMM[4] UINT32 {1052770304, 3187671040, 0, 0}\n"
      "IMM[5] UINT32 {2, 2, 2, 2}\n"
      "IMM[6] UINT32 {3200253952, 1040187392, 0, 0}\n"
      "IMM[7] UINT32 {3, 3, 3, 3}\n"
      "IMM[8] UINT32 {1040187392, 1052770304, 0, 0}\n"
      "IMM[9] UINT32 {1048576000, 1048576000, 1048576000, 1048576000}\n"
      "  0: F2U TEMP[0].x, IN[1].xxxx\n"
      "  1: MOV TEMP[2], IMM[0]\n"
      "  2: MOV TEMP[2].x, CONST[0][2].xxxx\n"
      "  3: USEQ TEMP[3].y, TEMP[2].xxxx, IMM[1].xxxx\n"
      "  4: MOV TEMP[2], IMM[0]\n"
      "  5: USEQ TEMP[3].x, TEMP[0].xxxx, IMM[0].xxxx\n"
      "  6: AND TEMP[3].x, TEMP[3].xxxx, TEMP[3].yyyy\n"
      "  7: UCMP TEMP[2].xy, TEMP[3].xxxx, IMM[2].xyxx, TEMP[2].xyxx\n"
      "  8: USEQ TEMP[3].x, TEMP[0].xxxx, IMM[3].xxxx\n"
      "  9: AND TEMP[3].x, TEMP[3].xxxx, TEMP[3].yyyy\n"
      " 10: UCMP TEMP[2].xy, TEMP[3].xxxx, IMM[4].xyxx, TEMP[2].xyxx\n"
      " 11: USEQ TEMP[3].x, TEMP[0].xxxx, IMM[5].xxxx\n"
      " 12: AND TEMP[3].x, TEMP[3].xxxx, TEMP[3].yyyy\n"
      " 13: UCMP TEMP[2].xy, TEMP[3].xxxx, IMM[6].xyxx, TEMP[2].xyxx\n"
      " 14: USEQ TEMP[3].x, TEMP[0].xxxx, IMM[7].xxxx\n"
      " 15: AND TEMP[3].x, TEMP[3].xxxx, TEMP[3].yyyy\n"
      " 16: UCMP TEMP[2].xy, TEMP[3].xxxx, IMM[8].xyxx, TEMP[2].xyxx\n"
      " 17: MOV TEMP[1].xy, TEMP[2].xyxx\n"
      " 18: MOV TEMP[2], IMM[0]\n"
      " 19: MOV TEMP[2].x, CONST[0][2].xxxx\n"
      " 20: MOV TEMP[1].z, TEMP[2].xxxx\n"
      " 21: U2F TEMP[1].z, TEMP[1].zzzz\n"
      " 22: ADD OUT[0].xy, TEMP[1].xyxx, CONST[0][1].xyxx\n"
      " 23: MUL OUT[0].z, TEMP[1].zzzz, IMM[9].xyzw\n"
      " 24: MOV OUT[0].w, CONST[0][0].xxxx\n"
      " 25: END\n" },
    /* o[k] written in a loop through dcl_indexrange: a TEMP array, copied to
     * OUT at the end */
    { "vs-output-range",
      "vs_4_0\n"
      "dcl_input v0.xyzw\n"
      "dcl_input v1.xyzw\n"
      "dcl_output_siv o0.xyzw, position\n"
      "dcl_output o1.xyzw\n"
      "dcl_output o2.xyzw\n"
      "dcl_output o3.xyzw\n"
      "dcl_indexrange o1.xyzw 3\n"
      "dcl_temps 2\n"
      "mov o0.xyzw, v0.xyzw\n"
      "mov r0.x, l(0)\n"
      "loop\n"
      "uge r0.y, r0.x, l(3)\n"
      "breakc_nz r0.y\n"
      "utof r1.x, r0.x\n"
      "mul r1.xyzw, v1.xyzw, r1.xxxx\n"
      "mov o[r0.x + 1].xyzw, r1.xyzw\n"
      "iadd r0.x, r0.x, l(1)\n"
      "endloop\n"
      "ret\n",
      "VERT\n"
      "DCL TEMP[0..1]\n"
      "DCL IN[0]\n"
      "DCL IN[1]\n"
      "DCL OUT[0], POSITION\n"
      "DCL OUT[1], GENERIC[1]\n"
      "DCL OUT[2], GENERIC[2]\n"
      "DCL OUT[3], GENERIC[3]\n"
      "DCL TEMP[2..4], ARRAY(68)\n"
      "DCL ADDR[0..0]\n"
      "DCL TEMP[5..10]\n"
      "IMM[0] UINT32 {0, 0, 0, 0}\n"
      "IMM[1] UINT32 {3, 3, 3, 3}\n"
      "IMM[2] UINT32 {1, 1, 1, 1}\n"
      "  0: MOV OUT[0], IN[0].xyzw\n"
      "  1: MOV TEMP[0].x, IMM[0].xyzw\n"
      "  2: BGNLOOP\n"
      "  3: USGE TEMP[0].y, TEMP[0].xxxx, IMM[1].xyzw\n"
      "  4: UIF TEMP[0].yyyy\n"
      "  5: BRK\n"
      "  6: ENDIF\n"
      "  7: U2F TEMP[1].x, TEMP[0].xxxx\n"
      "  8: MUL TEMP[1], IN[1].xyzw, TEMP[1].xxxx\n"
      "  9: UARL ADDR[0].x, TEMP[0].xxxx\n"
      " 10: MOV TEMP[ADDR[0].x+2](68), TEMP[1].xyzw\n"
      " 11: UADD TEMP[0].x, TEMP[0].xxxx, IMM[2].xyzw\n"
      " 12: ENDLOOP\n"
      " 13: MOV OUT[1], TEMP[2](68)\n"
      " 14: MOV OUT[2], TEMP[3](68)\n"
      " 15: MOV OUT[3], TEMP[4](68)\n"
      " 16: END\n" },
    /* v[k] read in a loop through dcl_indexrange: the inputs copied into a
     * TEMP array at the start */
    { "ps-input-range",
      "ps_4_0\n"
      "dcl_input_ps linear v1.xyzw\n"
      "dcl_input_ps linear v2.xyzw\n"
      "dcl_input_ps linear v3.xyzw\n"
      "dcl_indexrange v1.xyzw 3\n"
      "dcl_output o0.xyzw\n"
      "dcl_temps 2\n"
      "mov r0.xyzw, l(0, 0, 0, 0)\n"
      "mov r1.x, l(0)\n"
      "loop\n"
      "uge r1.y, r1.x, l(3)\n"
      "breakc_nz r1.y\n"
      "iadd r1.z, r1.x, l(1)\n"
      "utof r1.w, r1.z\n"
      "mad r0.xyzw, v[r1.x + 1].xyzw, r1.wwww, r0.xyzw\n"
      "iadd r1.x, r1.x, l(1)\n"
      "endloop\n"
      "mov o0.xyzw, r0.xyzw\n"
      "ret\n",
      "FRAG\n"
      "PROPERTY FS_COORD_ORIGIN UPPER_LEFT\n"
      "PROPERTY FS_COORD_PIXEL_CENTER HALF_INTEGER\n"
      "DCL TEMP[0..1]\n"
      "DCL IN[1], GENERIC[1], PERSPECTIVE\n"
      "DCL IN[2], GENERIC[2], PERSPECTIVE\n"
      "DCL IN[3], GENERIC[3], PERSPECTIVE\n"
      "DCL OUT[0], COLOR[0]\n"
      "DCL TEMP[2..4], ARRAY(68)\n"
      "DCL ADDR[0..0]\n"
      "DCL TEMP[5..10]\n"
      "IMM[0] UINT32 {0, 0, 0, 0}\n"
      "IMM[1] UINT32 {3, 3, 3, 3}\n"
      "IMM[2] UINT32 {1, 1, 1, 1}\n"
      "  0: MOV TEMP[2](68), IN[1]\n"
      "  1: MOV TEMP[3](68), IN[2]\n"
      "  2: MOV TEMP[4](68), IN[3]\n"
      "  3: MOV TEMP[0], IMM[0].xyzw\n"
      "  4: MOV TEMP[1].x, IMM[0].xyzw\n"
      "  5: BGNLOOP\n"
      "  6: USGE TEMP[1].y, TEMP[1].xxxx, IMM[1].xyzw\n"
      "  7: UIF TEMP[1].yyyy\n"
      "  8: BRK\n"
      "  9: ENDIF\n"
      " 10: UADD TEMP[1].z, TEMP[1].xxxx, IMM[2].xyzw\n"
      " 11: U2F TEMP[1].w, TEMP[1].zzzz\n"
      " 12: UARL ADDR[0].x, TEMP[1].xxxx\n"
      " 13: MAD TEMP[0], TEMP[ADDR[0].x+2](68).xyzw, TEMP[1].wwww, TEMP[0].xyzw\n"
      " 14: UADD TEMP[1].x, TEMP[1].xxxx, IMM[2].xyzw\n"
      " 15: ENDLOOP\n"
      " 16: MOV OUT[0], TEMP[0].xyzw\n"
      " 17: END\n" },
    /* SV_CullDistance in o2.x before SV_ClipDistance in o2.y: packed clip
     * first in CLIPDIST[0] (OUT[34]) with the counts as properties */
    { "vs-cull-distance",
      "vs_4_0\n"
      "dcl_input v0.xyzw\n"
      "dcl_input v1.xyzw\n"
      "dcl_output_siv o0.xyzw, position\n"
      "dcl_output o1.xyzw\n"
      "dcl_output_siv o2.x, cull_distance\n"
      "dcl_output_siv o2.y, clip_distance\n"
      "dcl_temps 1\n"
      "mov o0.xyzw, v0.xyzw\n"
      "mov o1.xyzw, l(0, 0, 1.000000, 1.000000)\n"
      "add o2.x, v1.x, l(-0.500000)\n"
      "add r0.x, v0.x, -v0.y\n"
      "add o2.y, r0.x, l(-0.062500)\n"
      "ret\n",
      "VERT\n"
      "PROPERTY NUM_CLIPDIST_ENABLED 1\n"
      "PROPERTY NUM_CULLDIST_ENABLED 1\n"
      "DCL TEMP[0..0]\n"
      "DCL IN[0]\n"
      "DCL IN[1]\n"
      "DCL OUT[34], CLIPDIST[0]\n"
      "DCL OUT[0], POSITION\n"
      "DCL OUT[1], GENERIC[1]\n"
      "DCL TEMP[1]\n"
      "DCL TEMP[2..7]\n"
      "IMM[0] UINT32 {0, 0, 1065353216, 1065353216}\n"
      "IMM[1] UINT32 {3204448256, 3204448256, 3204448256, 3204448256}\n"
      "IMM[2] UINT32 {3179282432, 3179282432, 3179282432, 3179282432}\n"
      "  0: MOV OUT[0], IN[0].xyzw\n"
      "  1: MOV OUT[1], IMM[0].xyzw\n"
      "  2: ADD TEMP[1].x, IN[1].xxxx, IMM[1].xyzw\n"
      "  3: ADD TEMP[0].x, IN[0].xxxx, -IN[0].yyyy\n"
      "  4: ADD TEMP[1].y, TEMP[0].xxxx, IMM[2].xyzw\n"
      "  5: MOV OUT[34].x, TEMP[1].yyyy\n"
      "  6: MOV OUT[34].y, TEMP[1].xxxx\n"
      "  7: END\n" },
    /* float4 main(float3 p : P, uint vid : SV_VertexID, uint iid : SV_InstanceID,
     *   out float2 clip : SV_ClipDistance0, out float2 t : T) : SV_Position
     * { clip = p.xy; t = (float)iid; return float4(p, p.x); } (+ a dead use of vid) */
    { "vs-system-values",
      "vs_4_0\n"
      "dcl_input v0.xyz\n"
      "dcl_input_sgv v1.x, vertex_id\n"
      "dcl_input_sgv v2.x, instance_id\n"
      "dcl_output_siv o0.xyzw, position\n"
      "dcl_output_siv o1.xy, clip_distance\n"
      "dcl_output o2.xy\n"
      "dcl_temps 1\n"
      "utof r0.x, v1.x\n"
      "mov o0.xyzw, v0.xyzx\n"
      "mov o1.xy, v0.xyxx\n"
      "utof o2.xy, v2.xxxx\n"
      "ret\n",
      "VERT\n"
      "DCL TEMP[0..0]\n"
      "DCL IN[0].xyz\n"
      "DCL SV[0], VERTEXID\n"
      "DCL SV[1], INSTANCEID\n"
      "DCL OUT[0], POSITION\n"
      "DCL OUT[1].xy, CLIPDIST[0]\n"
      "DCL OUT[2].xy, GENERIC[2]\n"
      "DCL TEMP[1..6]\n"
      "  0: U2F TEMP[0].x, SV[0].xxxx\n"
      "  1: MOV OUT[0], IN[0].xyzx\n"
      "  2: MOV OUT[1].xy, IN[0].xyxx\n"
      "  3: U2F OUT[2].xy, SV[1].xxxx\n"
      "  4: END\n" },
    /* static const float4 tab[2] = { {1,0,0,0}, {0,1,0,0} };
     * float4 main(float4 pos : SV_Position, bool ff : SV_IsFrontFace,
     *   uint si : SV_SampleIndex, centroid float2 t : T3, out float d : SV_Depth)
     *   : SV_Target { float4 x[2]; x[0] = t.xyxy; d = ff ? 0.5 : 0.25;
     *   return tab[(uint)pos.x & 1]; } */
    { "ps-system-values-arrays",
      "ps_4_1\n"
      "dcl_immediateConstantBuffer { { 1.0, 0, 0, 0 }, { 0, 1.0, 0, 0 } }\n"
      "dcl_input_ps_siv linear noperspective v0.xy, position\n"
      "dcl_input_ps_sgv constant v1.x, is_front_face\n"
      "dcl_input_ps_sgv constant v2.x, sample_index\n"
      "dcl_input_ps linear centroid v3.zw\n"
      "dcl_output o0.xyzw\n"
      "dcl_output oDepth\n"
      "dcl_temps 1\n"
      "dcl_indexableTemp x0[2], 4\n"
      "mov x0[0].xyzw, v3.zwzw\n"
      "ftou r0.x, v0.x\n"
      "and r0.x, r0.x, l(1)\n"
      "mov o0.xyzw, icb[r0.x + 0].xyzw\n"
      "movc oDepth, v1.x, l(0.5), l(0.25)\n"
      "ret\n",
      "FRAG\n"
      "PROPERTY FS_COORD_ORIGIN UPPER_LEFT\n"
      "PROPERTY FS_COORD_PIXEL_CENTER HALF_INTEGER\n"
      "DCL TEMP[0..0]\n"
      "DCL TEMP[1..2], ARRAY(1)\n"
      "DCL TEMP[3..4], ARRAY(65)\n"
      "DCL IN[0], POSITION, LINEAR\n"
      "DCL IN[1], FACE, CONSTANT\n"
      "DCL TEMP[5]\n"
      "DCL SV[0], SAMPLEID\n"
      "DCL IN[3].zw, GENERIC[3], PERSPECTIVE, CENTROID\n"
      "DCL OUT[0], COLOR[0]\n"
      "DCL OUT[32], POSITION\n"
      "DCL ADDR[0..0]\n"
      "DCL TEMP[6..11]\n"
      "IMM[0] UINT32 {0, 0, 0, 0}\n"
      "IMM[1] UINT32 {1065353216, 0, 0, 0}\n"
      "IMM[2] UINT32 {0, 1065353216, 0, 0}\n"
      "IMM[3] UINT32 {1, 1, 1, 1}\n"
      "IMM[4] UINT32 {1056964608, 1056964608, 1056964608, 1056964608}\n"
      "IMM[5] UINT32 {1048576000, 1048576000, 1048576000, 1048576000}\n"
      "  0: FSLT TEMP[5].x, IMM[0].xxxx, IN[1].xxxx\n"
      "  1: MOV TEMP[3](65), IMM[1]\n"
      "  2: MOV TEMP[4](65), IMM[2]\n"
      "  3: MOV TEMP[1](1), IN[3].zwzw\n"
      "  4: F2U TEMP[0].x, IN[0].xxxx\n"
      "  5: AND TEMP[0].x, TEMP[0].xxxx, IMM[3].xyzw\n"
      "  6: UARL ADDR[0].x, TEMP[0].xxxx\n"
      "  7: MOV OUT[0], TEMP[ADDR[0].x+3](65).xyzw\n"
      "  8: UCMP OUT[32].z, TEMP[5].xxxx, IMM[4].xyzw, IMM[5].xyzw\n"
      "  9: END\n" },
    /* fxc packs system-generated values beside user values:
     * float4 main(float3 t : T1, bool ff : SV_IsFrontFace,
     *   uint p : SV_PrimitiveID) : SV_Target { return float4(t, ff ? ...); }
     * register 1 is composed in a TEMP: xyz from IN[1], w converted from FACE */
    { "ps-packed-system-values",
      "ps_4_1\n"
      "dcl_input_ps linear v1.xyz\n"
      "dcl_input_ps_sgv constant v1.w, is_front_face\n"
      "dcl_input_ps_sgv constant v2.x, primitive_id\n"
      "dcl_output o0.xyzw\n"
      "mov o0.xyz, v1.xyzx\n"
      "mov o0.w, v1.w\n"
      "ret\n",
      "FRAG\n"
      "PROPERTY FS_COORD_ORIGIN UPPER_LEFT\n"
      "PROPERTY FS_COORD_PIXEL_CENTER HALF_INTEGER\n"
      "DCL IN[33], FACE, CONSTANT\n"
      "DCL IN[1].xyz, GENERIC[1], PERSPECTIVE\n"
      "DCL TEMP[0]\n"
      "DCL IN[2], PRIM_ID, CONSTANT\n"
      "DCL OUT[0], COLOR[0]\n"
      "DCL TEMP[1..6]\n"
      "IMM[0] UINT32 {0, 0, 0, 0}\n"
      "  0: MOV TEMP[0].xyz, IN[1]\n"
      "  1: FSLT TEMP[0].w, IMM[0].xxxx, IN[33].xxxx\n"
      "  2: MOV OUT[0].xyz, TEMP[0].xyzx\n"
      "  3: MOV OUT[0].w, TEMP[0].wwww\n"
      "  4: END\n" },
    /* [maxvertexcount(3)] void main(triangle V v[3], uint p : SV_PrimitiveID,
     *   inout TriangleStream<O> s) { O o; o.pos = v[0].pos; o.t = v[0].t;
     *   o.id = p; s.Append(o); s.RestartStrip(); } */
    { "gs-primitives",
      "gs_4_0\n"
      "dcl_input_siv v[3][0].xyzw, position\n"
      "dcl_input v[3][1].xy\n"
      "dcl_input vPrim\n"
      "dcl_inputprimitive triangle\n"
      "dcl_outputtopology trianglestrip\n"
      "dcl_output_siv o0.xyzw, position\n"
      "dcl_output o1.xy\n"
      "dcl_output_sgv o2.x, primitive_id\n"
      "dcl_maxout 3\n"
      "mov o0.xyzw, v[0][0].xyzw\n"
      "mov o1.xy, v[0][1].xyxx\n"
      "mov o2.x, vPrim\n"
      "emit_then_cut\n"
      "ret\n",
      "GEOM\n"
      "PROPERTY GS_INPUT_PRIMITIVE TRIANGLES\n"
      "PROPERTY GS_OUTPUT_PRIMITIVE TRIANGLE_STRIP\n"
      "PROPERTY GS_MAX_OUTPUT_VERTICES 3\n"
      "DCL IN[][0], POSITION\n"
      "DCL IN[][1], GENERIC[1]\n"
      "DCL OUT[0], POSITION\n"
      "DCL OUT[1].xy, GENERIC[1]\n"
      "DCL OUT[2].x, PRIM_ID\n"
      "DCL TEMP[0]\n"
      "DCL IN[][32], PRIM_ID\n"
      "DCL TEMP[1..6]\n"
      "IMM[0] UINT32 {0, 0, 0, 0}\n"
      "  0: MOV OUT[0], IN[0][0].xyzw\n"
      "  1: MOV OUT[1].xy, IN[0][1].xyxx\n"
      "  2: MOV TEMP[0].x, IN[0][32].xxxx\n"
      "  3: MOV OUT[2], TEMP[0]\n"
      "  4: EMIT IMM[0].xxxx\n"
      "  5: ENDPRIM IMM[0].xxxx\n"
      "  6: END\n" },
    /* [maxvertexcount(1)] [instance(2)] void main(point float4 p[1] : SV_Position,
     *   uint i : SV_GSInstanceID, inout PointStream<O> s)
     * { O o; o.pos = p[0]; o.rt = i; o.vp = 0; s.Append(o); s.RestartStrip(); } */
    { "gs5-instances-streams",
      "gs_5_0\n"
      "dcl_globalFlags refactoringAllowed\n"
      "dcl_input_siv v[1][0].xyzw, position\n"
      "dcl_input vGSInstanceID\n"
      "dcl_inputprimitive point\n"
      "dcl_stream m0\n"
      "dcl_outputtopology pointlist\n"
      "dcl_output_siv o0.xyzw, position\n"
      "dcl_output_siv o1.x, rendertarget_array_index\n"
      "dcl_output_siv o2.x, viewport_array_index\n"
      "dcl_maxout 1\n"
      "dcl_gsinstances 2\n"
      "mov o0.xyzw, v[0][0].xyzw\n"
      "mov o1.x, vGSInstanceID\n"
      "mov o2.x, l(0)\n"
      "emit_stream m0\n"
      "cut_stream m0\n"
      "ret\n",
      "GEOM\n"
      "PROPERTY GS_INPUT_PRIMITIVE POINTS\n"
      "PROPERTY GS_OUTPUT_PRIMITIVE POINTS\n"
      "PROPERTY GS_MAX_OUTPUT_VERTICES 1\n"
      "PROPERTY GS_INVOCATIONS 2\n"
      "DCL IN[][0], POSITION\n"
      "DCL OUT[0], POSITION\n"
      "DCL OUT[1].x, LAYER\n"
      "DCL TEMP[0]\n"
      "DCL OUT[2].x, VIEWPORT_INDEX\n"
      "DCL TEMP[1]\n"
      "DCL SV[0], INVOCATIONID\n"
      "DCL TEMP[2..7]\n"
      "IMM[0] UINT32 {0, 0, 0, 0}\n"
      "  0: MOV OUT[0], IN[0][0].xyzw\n"
      "  1: MOV TEMP[0].x, SV[0].xxxx\n"
      "  2: MOV TEMP[1].x, IMM[0].xyzw\n"
      "  3: MOV OUT[1], TEMP[0]\n"
      "  4: MOV OUT[2], TEMP[1]\n"
      "  5: EMIT IMM[0].xxxx\n"
      "  6: ENDPRIM IMM[0].xxxx\n"
      "  7: END\n" },
    /* Buffer<int4> b; Texture3D<unorm float4> v; TextureCube c;
     * Texture2DMS<uint4, 4> m; StructuredBuffer<S> sb; SamplerState s;
     * [earlydepthstencil] float4 main(uint cov : SV_Coverage, out uint mask : SV_Coverage)
     * : SV_Target { float4 r; r.xy = sb[1].f.zw; r.z = (count); r.w = m.Load(int2(1, 2), 3),
     * then GetSamplesCount of m, c.Sample(s, 0.5), b.Load(3), v's width ...; mask = cov & 1; }
     * Units in the order of first use: m (fetch), c with s, b, v. */
    { "ps5-resources-coverage",
      "ps_5_0\n"
      "dcl_globalFlags refactoringAllowed | forceEarlyDepthStencil\n"
      "dcl_sampler s0, mode_mono\n"
      "dcl_resource_buffer (sint,sint,sint,sint) t0\n"
      "dcl_resource_texture3d (unorm,unorm,unorm,unorm) t1\n"
      "dcl_resource_texturecube (float,float,float,float) t2\n"
      "dcl_resource_texture2dms(4) (uint,uint,uint,uint) t3\n"
      "dcl_resource_structured t4, 16\n"
      "dcl_input vCoverage\n"
      "dcl_output o0.xyzw\n"
      "dcl_output oMask\n"
      "dcl_temps 1\n"
      "ld_structured_indexable(structured_buffer, stride=16)(mixed,mixed,mixed,mixed) r0.xy, "
      "l(1), l(8), t4.zwxx\n"
      "bufinfo r0.z, t4.xxxx\n"
      "ld_ms r0.w, l(1, 2, 0, 0), t3.xyzw, l(3)\n"
      "sample_info_uint r0.w, t3.xxxx\n"
      "sample r0.w, l(0.5, 0.5, 0.5, 0), t2.xyzw, s0\n"
      "ld r0.w, l(3, 0, 0, 0), t0.xyzw\n"
      "resinfo_uint r0.w, l(0), t1.xyzw\n"
      "and oMask, vCoverage, l(1)\n"
      "mov o0.xyzw, r0.xyzw\n"
      "ret\n",
      "FRAG\n"
      "PROPERTY FS_EARLY_DEPTH_STENCIL 1\n"
      "PROPERTY FS_COORD_ORIGIN UPPER_LEFT\n"
      "PROPERTY FS_COORD_PIXEL_CENTER HALF_INTEGER\n"
      "DCL TEMP[0..0]\n"
      "DCL OUT[0], COLOR[0]\n"
      "DCL SV[0], SAMPLEMASK\n"
      "DCL OUT[33], SAMPLEMASK\n"
      "DCL BUFFER[12]\n"
      "DCL SAMP[0]\n"
      "DCL SVIEW[0], 2D_MSAA, UINT\n"
      "DCL SAMP[1]\n"
      "DCL SVIEW[1], CUBE, FLOAT\n"
      "DCL SAMP[2]\n"
      "DCL SVIEW[2], BUFFER, SINT\n"
      "DCL SAMP[3]\n"
      "DCL SVIEW[3], 3D, UNORM\n"
      "DCL TEMP[1..6]\n"
      "IMM[0] UINT32 {1, 1, 1, 1}\n"
      "IMM[1] UINT32 {8, 8, 8, 8}\n"
      "IMM[2] UINT32 {16, 16, 16, 16}\n"
      "IMM[3] UINT32 {1, 2, 0, 0}\n"
      "IMM[4] UINT32 {3, 3, 3, 3}\n"
      "IMM[5] UINT32 {0, 0, 0, 0}\n"
      "IMM[6] UINT32 {1056964608, 1056964608, 1056964608, 0}\n"
      "IMM[7] UINT32 {3, 0, 0, 0}\n"
      "  0: UMAD TEMP[2].x, IMM[0].xyzw, IMM[2], IMM[1].xyzw\n"
      "  1: LOAD TEMP[1], BUFFER[12], TEMP[2].xxxx\n"
      "  2: MOV TEMP[0].xy, TEMP[1].zwxx\n"
      "  3: RESQ TEMP[1], BUFFER[12]\n"
      "  4: UDIV TEMP[1].x, TEMP[1].xxxx, IMM[2]\n"
      "  5: MOV TEMP[0].z, TEMP[1].xxxx\n"
      "  6: MOV TEMP[2], IMM[3].xyzw\n"
      "  7: MOV TEMP[2].w, IMM[4].xxxx\n"
      "  8: TXF TEMP[1], TEMP[2], SAMP[0], 2D_MSAA\n"
      "  9: MOV TEMP[0].w, TEMP[1].xyzw\n"
      " 10: MOV TEMP[1], IMM[5]\n"
      " 11: TXQS TEMP[1].x, SAMP[0], 2D_MSAA\n"
      " 12: MOV TEMP[0].w, TEMP[1].xxxx\n"
      " 13: TEX TEMP[1], IMM[6].xyzw, SAMP[1], CUBE\n"
      " 14: MOV TEMP[0].w, TEMP[1].xyzw\n"
      " 15: TXF TEMP[1], IMM[7].xyzw, SAMP[2], BUFFER\n"
      " 16: MOV TEMP[0].w, TEMP[1].xyzw\n"
      " 17: MOV TEMP[1], IMM[5]\n"
      " 18: TXQ TEMP[1], IMM[5].xyzw, SAMP[3], 3D\n"
      " 19: MOV TEMP[0].w, TEMP[1].xyzw\n"
      " 20: AND OUT[33].x, SV[0].xxxx, IMM[0].xyzw\n"
      " 21: MOV OUT[0], TEMP[0].xyzw\n"
      " 22: END\n" },
    /* float4 main(float4 p : P, out float4 c0 : SV_ClipDistance0,
     *   out float2 c1 : SV_ClipDistance1) : SV_Position { ... } */
    { "vs-two-clip-registers",
      "vs_4_0\n"
      "dcl_input v0.xyzw\n"
      "dcl_output_siv o0.xyzw, position\n"
      "dcl_output_siv o1.xyzw, clip_distance\n"
      "dcl_output_siv o2.xy, clip_distance\n"
      "mov o0.xyzw, v0.xyzw\n"
      "mov o1.xyzw, v0.xyzw\n"
      "mov o2.xy, v0.xyxx\n"
      "ret\n",
      "VERT\n"
      "DCL IN[0]\n"
      "DCL OUT[0], POSITION\n"
      "DCL OUT[1], CLIPDIST[0]\n"
      "DCL OUT[2].xy, CLIPDIST[1]\n"
      "DCL TEMP[0..5]\n"
      "  0: MOV OUT[0], IN[0].xyzw\n"
      "  1: MOV OUT[1], IN[0].xyzw\n"
      "  2: MOV OUT[2].xy, IN[0].xyxx\n"
      "  3: END\n" },
    /* RWTexture2D<uint4> img; RWByteAddressBuffer b; [numthreads(1,1,1)]
     * void main(uint3 g : SV_GroupID) { uint4 v = img[g.xy];
     *   b.InterlockedCompareStore(0, v.x, 7); b.InterlockedExchange(4, v.x, o.y);
     *   b.InterlockedCompareExchange(8, 0, o.y, o.z); DeviceMemoryBarrier(); } */
    { "cs-typed-uav-atomics",
      "cs_5_0\n"
      "dcl_uav_typed_texture2d (uint,uint,uint,uint) u0\n"
      "dcl_uav_raw u1\n"
      "dcl_input vThreadGroupID.xy\n"
      "dcl_temps 1\n"
      "dcl_thread_group 1, 1, 1\n"
      "ld_uav_typed r0.xyzw, vThreadGroupID.xyyy, u0.xyzw\n"
      "atomic_cmp_store u1, l(0), r0.x, l(7)\n"
      "imm_atomic_exch r0.y, u1, l(4), r0.x\n"
      "imm_atomic_cmp_exch r0.z, u1, l(8), l(0), r0.y\n"
      "sync_uglobal\n"
      "ret\n",
      "COMP\n"
      "PROPERTY CS_FIXED_BLOCK_WIDTH 1\n"
      "PROPERTY CS_FIXED_BLOCK_HEIGHT 1\n"
      "PROPERTY CS_FIXED_BLOCK_DEPTH 1\n"
      "DCL TEMP[0..0]\n"
      "DCL SV[0], BLOCK_ID\n"
      "DCL IMAGE[0], 2D, PIPE_FORMAT_R32G32B32A32_UINT, WR\n"
      "DCL BUFFER[1]\n"
      "DCL TEMP[1..6]\n"
      "IMM[0] UINT32 {0, 0, 0, 0}\n"
      "IMM[1] UINT32 {7, 7, 7, 7}\n"
      "IMM[2] UINT32 {4, 4, 4, 4}\n"
      "IMM[3] UINT32 {8, 8, 8, 8}\n"
      "IMM[4] UINT32 {5, 5, 5, 5}\n"
      "  0: LOAD TEMP[1], IMAGE[0], SV[0].xyyy, 2D, PIPE_FORMAT_R32G32B32A32_UINT\n"
      "  1: MOV TEMP[0], TEMP[1].xyzw\n"
      "  2: ATOMCAS TEMP[1].x, BUFFER[1], IMM[0].xyzw, TEMP[0].xxxx, IMM[1].xyzw\n"
      "  3: ATOMXCHG TEMP[0].y, BUFFER[1], IMM[2].xyzw, TEMP[0].xxxx\n"
      "  4: ATOMCAS TEMP[0].z, BUFFER[1], IMM[3].xyzw, IMM[0].xyzw, TEMP[0].yyyy\n"
      "  5: MEMBAR IMM[4].xxxx\n"
      "  6: END\n" },
    /* ByteAddressBuffer src; RWStructuredBuffer<uint2> out; RWTexture2D<float4> img;
     * groupshared uint g[16]; [numthreads(4,2,1)]
     * void main(uint3 id : SV_DispatchThreadID, uint gi : SV_GroupIndex) {
     *   uint v = src.Load(0); out[id.x].y... (store of 2 DWORDs at offset 4)
     *   g[gi] = v; GroupMemoryBarrierWithGroupSync();
     *   InterlockedAdd(out[id.x].y, 1); uint old; InterlockedAdd(g[0], 1, old);
     *   img[id.xy] = v; } */
    { "cs-memory",
      "cs_5_0\n"
      "dcl_globalFlags refactoringAllowed\n"
      "dcl_uav_structured u0, 8\n"
      "dcl_uav_typed_texture2d (float,float,float,float) u1\n"
      "dcl_resource_raw t0\n"
      "dcl_tgsm_raw g0, 64\n"
      "dcl_input vThreadIDInGroupFlattened\n"
      "dcl_input vThreadID.xy\n"
      "dcl_temps 2\n"
      "dcl_thread_group 4, 2, 1\n"
      "ld_raw r0.x, l(0), t0.xxxx\n"
      "store_structured u0.xy, vThreadID.x, l(4), r0.xxxx\n"
      "store_raw g0.x, vThreadIDInGroupFlattened, r0.x\n"
      "sync_g_t\n"
      "atomic_iadd u0, vThreadID.xy, l(1)\n"
      "imm_atomic_iadd r1.x, g0, l(0), l(1)\n"
      "store_uav_typed u1.xyzw, vThreadID.xyyy, r0.xxxx\n"
      "ret\n",
      "COMP\n"
      "PROPERTY CS_FIXED_BLOCK_WIDTH 4\n"
      "PROPERTY CS_FIXED_BLOCK_HEIGHT 2\n"
      "PROPERTY CS_FIXED_BLOCK_DEPTH 1\n"
      "DCL TEMP[0..1]\n"
      "DCL SV[0], THREAD_ID\n"
      "DCL SV[1], BLOCK_ID\n"
      "DCL TEMP[2]\n"
      "DCL TEMP[3]\n"
      "DCL BUFFER[8]\n"
      "DCL BUFFER[0]\n"
      "DCL IMAGE[1], 2D, PIPE_FORMAT_R32G32B32A32_FLOAT, WR\n"
      "DCL MEMORY[0], SHARED\n"
      "DCL TEMP[4..9]\n"
      "IMM[0] UINT32 {4, 2, 1, 0}\n"
      "IMM[1] UINT32 {4, 2, 0, 0}\n"
      "IMM[2] UINT32 {0, 0, 0, 0}\n"
      "IMM[3] UINT32 {4, 4, 4, 4}\n"
      "IMM[4] UINT32 {8, 8, 8, 8}\n"
      "IMM[5] UINT32 {1, 1, 1, 1}\n"
      "  0: UMAD TEMP[2].xyz, SV[1].xyzz, IMM[0].xyzz, SV[0].xyzz\n"
      "  1: UMAD TEMP[3].x, SV[0].zzzz, IMM[1].yyyy, SV[0].yyyy\n"
      "  2: UMAD TEMP[3].x, TEMP[3].xxxx, IMM[1].xxxx, SV[0].xxxx\n"
      "  3: LOAD TEMP[4], BUFFER[8], IMM[2].xyzw\n"
      "  4: MOV TEMP[0].x, TEMP[4].xxxx\n"
      "  5: UMAD TEMP[5].x, TEMP[2].xxxx, IMM[4], IMM[3].xyzw\n"
      "  6: STORE BUFFER[0].xy, TEMP[5].xxxx, TEMP[0].xxxx\n"
      "  7: STORE MEMORY[0].x, TEMP[3].xxxx, TEMP[0].xxxx\n"
      "  8: MEMBAR IMM[4].xxxx\n"
      "  9: BARRIER\n"
      " 10: UMAD TEMP[5].x, TEMP[2].xxxx, IMM[4], TEMP[2].yyyy\n"
      " 11: ATOMUADD TEMP[4].x, BUFFER[0], TEMP[5].xxxx, IMM[5].xyzw\n"
      " 12: ATOMUADD TEMP[1].x, MEMORY[0], IMM[2].xyzw, IMM[5].xyzw\n"
      " 13: STORE IMAGE[1], TEMP[2].xyyy, TEMP[0].xxxx, 2D, PIPE_FORMAT_R32G32B32A32_FLOAT\n"
      " 14: END\n" },
    /* groupshared uint a[4]; groupshared uint2 b[2]; [numthreads(4,1,1)]
     * void main(uint3 t : SV_GroupThreadID) { a[1] = t.x; b[t.x].y = t.x;
     *   GroupMemoryBarrierWithGroupSync(); uint v = a[2];
     *   InterlockedAdd(a[0], 1); uint o; InterlockedAdd(b[1].y, 2, o); }
     * Every g# is one MEMORY[0] (virglrenderer declares one shared array):
     * g0 at byte 0, g1 (16 bytes later) addressed + 16. */
    { "cs-groupshared-regions",
      "cs_5_0\n"
      "dcl_tgsm_raw g0, 16\n"
      "dcl_tgsm_structured g1, 8, 2\n"
      "dcl_input vThreadIDInGroup.x\n"
      "dcl_temps 1\n"
      "dcl_thread_group 4, 1, 1\n"
      "store_raw g0.x, l(4), vThreadIDInGroup.x\n"
      "store_structured g1.x, vThreadIDInGroup.x, l(4), vThreadIDInGroup.x\n"
      "sync_g_t\n"
      "ld_raw r0.x, l(8), g0.xxxx\n"
      "atomic_iadd g0, l(0), l(1)\n"
      "imm_atomic_iadd r0.y, g1, l(1, 4, 0, 0), l(2)\n"
      "ret\n",
      "COMP\n"
      "PROPERTY CS_FIXED_BLOCK_WIDTH 4\n"
      "PROPERTY CS_FIXED_BLOCK_HEIGHT 1\n"
      "PROPERTY CS_FIXED_BLOCK_DEPTH 1\n"
      "DCL TEMP[0..0]\n"
      "DCL SV[0], THREAD_ID\n"
      "DCL MEMORY[0], SHARED\n"
      "DCL TEMP[1..6]\n"
      "IMM[0] UINT32 {4, 4, 4, 4}\n"
      "IMM[1] UINT32 {8, 8, 8, 8}\n"
      "IMM[2] UINT32 {16, 16, 16, 16}\n"
      "IMM[3] UINT32 {0, 0, 0, 0}\n"
      "IMM[4] UINT32 {1, 1, 1, 1}\n"
      "IMM[5] UINT32 {1, 4, 0, 0}\n"
      "IMM[6] UINT32 {2, 2, 2, 2}\n"
      "  0: STORE MEMORY[0].x, IMM[0].xyzw, SV[0].xxxx\n"
      "  1: UMAD TEMP[2].x, SV[0].xxxx, IMM[1], IMM[0].xyzw\n"
      "  2: UADD TEMP[2].x, TEMP[2].xxxx, IMM[2].xxxx\n"
      "  3: STORE MEMORY[0].x, TEMP[2].xxxx, SV[0].xxxx\n"
      "  4: MEMBAR IMM[1].xxxx\n"
      "  5: BARRIER\n"
      "  6: LOAD TEMP[1], MEMORY[0], IMM[1].xyzw\n"
      "  7: MOV TEMP[0].x, TEMP[1].xxxx\n"
      "  8: ATOMUADD TEMP[1].x, MEMORY[0], IMM[3].xyzw, IMM[4].xyzw\n"
      "  9: UMAD TEMP[2].x, IMM[5].xxxx, IMM[1], IMM[5].yyyy\n"
      " 10: UADD TEMP[2].x, TEMP[2].xxxx, IMM[2].xxxx\n"
      " 11: ATOMUADD TEMP[0].y, MEMORY[0], TEMP[2].xxxx, IMM[6].xyzw\n"
      " 12: END\n" },
    /* RWStructuredBuffer<uint> c; AppendStructuredBuffer<uint2> a (its
     * consume side: ConsumeStructuredBuffer); [numthreads(2,1,1)]
     * void main(uint3 id : SV_DispatchThreadID) { c[c.IncrementCounter()] = id.x;
     *   uint i = <consume index of u1>; }
     * The hidden counters are BUFFER[24 + #]: alloc returns the old count,
     * consume the new one (old - 1). */
    { "cs-counters",
      "cs_5_0\n"
      "dcl_uav_structured_opc u0, 4\n"
      "dcl_uav_structured u1, 8\n"
      "dcl_input vThreadID.x\n"
      "dcl_temps 1\n"
      "dcl_thread_group 2, 1, 1\n"
      "imm_atomic_alloc r0.x, u0\n"
      "store_structured u0.x, r0.x, l(0), vThreadID.x\n"
      "imm_atomic_consume r0.y, u1\n"
      "ret\n",
      "COMP\n"
      "PROPERTY CS_FIXED_BLOCK_WIDTH 2\n"
      "PROPERTY CS_FIXED_BLOCK_HEIGHT 1\n"
      "PROPERTY CS_FIXED_BLOCK_DEPTH 1\n"
      "DCL TEMP[0..0]\n"
      "DCL SV[0], THREAD_ID\n"
      "DCL SV[1], BLOCK_ID\n"
      "DCL TEMP[1]\n"
      "DCL BUFFER[0]\n"
      "DCL BUFFER[1]\n"
      "DCL BUFFER[24]\n"
      "DCL BUFFER[25]\n"
      "DCL TEMP[2..7]\n"
      "IMM[0] UINT32 {2, 1, 1, 0}\n"
      "IMM[1] UINT32 {0, 0, 0, 0}\n"
      "IMM[2] UINT32 {1, 1, 1, 1}\n"
      "IMM[3] UINT32 {4, 4, 4, 4}\n"
      "IMM[4] UINT32 {4294967295, 4294967295, 4294967295, 4294967295}\n"
      "  0: UMAD TEMP[1].xyz, SV[1].xyzz, IMM[0].xyzz, SV[0].xyzz\n"
      "  1: ATOMUADD TEMP[2].x, BUFFER[24], IMM[1].xxxx, IMM[2].xxxx\n"
      "  2: MOV TEMP[0].x, TEMP[2].xxxx\n"
      "  3: UMAD TEMP[3].x, TEMP[0].xxxx, IMM[3], IMM[1].xyzw\n"
      "  4: STORE BUFFER[0].x, TEMP[3].xxxx, TEMP[1].xxxx\n"
      "  5: ATOMUADD TEMP[2].x, BUFFER[25], IMM[1].xxxx, IMM[4].xxxx\n"
      "  6: UADD TEMP[2].x, TEMP[2].xxxx, IMM[4].xxxx\n"
      "  7: MOV TEMP[0].y, TEMP[2].xxxx\n"
      "  8: END\n" },
};

static void test_program(gconstpointer data)
{
    const Program *p = data;
    uint32_t n;
    g_autofree uint32_t *t = su_assemble(p->sm4, &n);
    char *tgsi, why[160] = "";
    Sm4ShaderInfo info;
    Sm4Error e = su_translate(t, n, &tgsi, &info, why, sizeof why);
    g_assert_cmpstr(why, ==, "");
    g_assert_cmpint(e, ==, SM4_OK);
    g_assert_cmpstr(tgsi, ==, p->tgsi);
    /* the draw path fills the rasterizer's register exactly when it is read */
    g_assert_cmpuint(info.rt_samples, ==, strstr(p->sm4, "rasterizer") != NULL);
    free(tgsi);
}

/* The draw path's summary of the shader. */
static void test_info(void)
{
    uint32_t n;
    g_autofree char *text = g_strconcat(ps_prelude, "ret\n", NULL);
    g_autofree uint32_t *t = su_assemble(text, &n);
    char *tgsi;
    Sm4ShaderInfo info;
    g_assert_cmpint(su_translate(t, n, &tgsi, &info, NULL, 0), ==, SM4_OK);
    free(tgsi);
    g_assert_cmpuint(info.stage, ==, SM4_PS);
    g_assert_cmpuint(info.cb_size[0], ==, 8);
    g_assert_cmpuint(info.cb_size[1], ==, 0);
    g_assert_cmphex(info.samplers_used, ==, 0x3);
    g_assert_cmphex(info.srv_used[0], ==, 0x3);
    g_assert_cmpuint(info.srv_dim[1], ==, SM4_RES_TEX2DARRAY);
    g_assert_cmphex(info.in_mask, ==, 0x2);
    g_assert_cmphex(info.in_usage[1], ==, 0xF);
    g_assert_cmphex(info.out_mask, ==, 0x1);
    g_assert_cmpuint(info.nunits, ==, 0);
}

/* The units the draw path binds: t1 with s0; a fetch from t0 (no
 * sampler); t0 with comparison sampler s1 (a unit of its own); t0 with s0,
 * which the fetch-only unit takes. */
static void test_units(void)
{
    uint32_t n;
    g_autofree char *text = g_strconcat(ps_prelude,
                                        "sample r0.xyzw, v1.xyzx, t1.xyzw, s0\n"
                                        "ld r2.xyzw, r1.xyzw, t0.xyzw\n"
                                        "sample_c r3.x, v1.xyxx, t0.xxxx, s1, r1.x\n"
                                        "sample r2.xyzw, v1.xyxx, t0.xyzw, s0\n"
                                        "ret\n", NULL);
    g_autofree uint32_t *t = su_assemble(text, &n);
    char *tgsi;
    Sm4ShaderInfo info;
    g_assert_cmpint(su_translate(t, n, &tgsi, &info, NULL, 0), ==, SM4_OK);
    g_assert_nonnull(strstr(tgsi, "DCL SAMP[0]\nDCL SVIEW[0], 2D_ARRAY, UINT\n"
                                  "DCL SAMP[1]\nDCL SVIEW[1], 2D, FLOAT\n"
                                  "DCL SAMP[2]\nDCL SVIEW[2], 2D, FLOAT\n"));
    g_assert_null(strstr(tgsi, "SAMP[3]"));
    free(tgsi);
    g_assert_cmpuint(info.nunits, ==, 3);
    const Sm4TexUnit want[3] = { { 1, 0 }, { 0, 0 }, { 0, 1 } };
    for (unsigned u = 0; u < 3; u++) {
        g_assert_cmpuint(info.unit[u].view, ==, want[u].view);
        g_assert_cmpuint(info.unit[u].sampler, ==, want[u].sampler);
    }
}

/* Cube arrays: the reference and the LOD as the second source (TEX2,
 * TXL2); sample_c_lz and texel offsets refused there. */
static void test_cube_array(void)
{
    static const char pre[] = "ps_5_0\n"
                              "dcl_sampler s0, mode_default\n"
                              "dcl_sampler s1, mode_comparison\n"
                              "dcl_resource_texturecubearray (float,float,float,float) t0\n"
                              "dcl_input_ps linear v1.xyzw\n"
                              "dcl_output o0.xyzw\n";
    static const char *const cases[][2] = {
        { "sample_c o0.x, v1.xyzw, t0.xxxx, s1, l(0.5)",
          "IMM[0] UINT32 {1056964608, 1056964608, 1056964608, 1056964608}\n"
          "TEX2 TEMP[0], IN[1].xyzw, IMM[0].xxxx, SAMP[0], SHADOWCUBEARRAY\n"
          "MOV OUT[0].x, TEMP[0].xxxx" },
        { "sample_l o0.xyzw, v1.xyzw, t0.xyzw, s0, l(0.5)",
          "IMM[0] UINT32 {1056964608, 1056964608, 1056964608, 1056964608}\n"
          "TXL2 TEMP[0], IN[1].xyzw, IMM[0].xxxx, SAMP[0], CUBEARRAY\n"
          "MOV OUT[0], TEMP[0].xyzw" },
        { "sample_c_lz o0.x, v1.xyzw, t0.xxxx, s1, l(0.5)",
          "error unsupported: sample_c_lz on a cube array" },
        { "sample_aoffimmi(1,0,0) o0.xyzw, v1.xyzw, t0.xyzw, s0",
          "error operand: texel offsets on a cube resource" },
        { "ld o0.xyzw, v1.xyzw, t0.xyzw", "error operand: ld on a cube resource" },
    };
    for (size_t i = 0; i < G_N_ELEMENTS(cases); i++) {
        g_autofree char *text = g_strdup_printf("%s%s\nret\n", pre, cases[i][0]);
        g_autofree char *got = su_body(text);
        g_assert_cmpstr(got, ==, cases[i][1]);
    }
}

/* Subroutines, inlined at each call inside a one-pass loop: ret / retc
 * in the body are BRK; callc under UIF. Refused: a ret inside the body's
 * own loop (it would leave only that loop), a missing label, recursion
 * (32 calls deep at most). */
static void test_subroutines(void)
{
    static const char pre[] = "ps_4_0\n"
                              "dcl_input_ps linear v1.xyzw\n"
                              "dcl_output o0.xyzw\n"
                              "dcl_temps 1\n";
    static const char *const cases[][2] = {
        { "mov r0.xyzw, v1.xyzw\ncall l0\ncallc_nz r0.x, l1\nmov o0.xyzw, r0.xyzw\nret\n"
          "label l0\nmul r0.xyzw, r0.xyzw, l(0.5, 0.5, 0.5, 1.0)\nretc_z r0.y\n"
          "add r0.x, r0.x, l(0.25)\nret\nlabel l1\nmov r0.z, l(1.0)\nret\n",
          "IMM[0] UINT32 {1056964608, 1056964608, 1056964608, 1065353216}\n"
          "IMM[1] UINT32 {0, 0, 0, 0}\n"
          "IMM[2] UINT32 {1048576000, 1048576000, 1048576000, 1048576000}\n"
          "IMM[3] UINT32 {1065353216, 1065353216, 1065353216, 1065353216}\n"
          "MOV TEMP[0], IN[1].xyzw\n"
          "BGNLOOP\n"
          "MUL TEMP[0], TEMP[0].xyzw, IMM[0].xyzw\n"
          "USEQ TEMP[1].x, TEMP[0].yyyy, IMM[1]\n"
          "UIF TEMP[1].xxxx\n"
          "BRK\n"
          "ENDIF\n"
          "ADD TEMP[0].x, TEMP[0].xxxx, IMM[2].xyzw\n"
          "BRK\n"
          "ENDLOOP\n"
          "UIF TEMP[0].xxxx\n"
          "BGNLOOP\n"
          "MOV TEMP[0].z, IMM[3].xyzw\n"
          "BRK\n"
          "ENDLOOP\n"
          "ENDIF\n"
          "MOV OUT[0], TEMP[0].xyzw" },
        { "call l0\nret\nlabel l0\nloop\nret\nendloop\nret\n",
          "error unsupported: ret inside a subroutine's loop or switch" },
        { "call l3\nret\nlabel l0\nret\n",
          "error operand: call of a label that is not there" },
        { "call l0\nret\nlabel l0\ncall l0\nret\n",
          "error too big: calls nested over 32 deep or over 65536 instructions" },
        { "loop\ncall l0\nendloop\nret\nlabel l0\nbreak\nret\n",
          "error opcode: break outside loop/switch" },
    };
    for (size_t i = 0; i < G_N_ELEMENTS(cases); i++) {
        g_autofree char *text = g_strdup_printf("%s%s", pre, cases[i][0]);
        g_autofree char *got = su_body(text);
        g_assert_cmpstr(got, ==, cases[i][1]);
    }
}

/* sample_pos: on a multisampled resource, the position D3D's standard 4x
 * pattern gives the index (floats -1/8 = 0xBE000000, -3/8 = 0xBEC00000,
 * 3/8 = 0x3EC00000, 1/8 = 0x3E000000) when TXQS says 4, else 0; on a
 * single-sample resource 0; through the resource's swizzle. */
static void test_sample_pos(void)
{
    g_autofree char *got = su_body("ps_4_1\n"
                                   "dcl_resource_texture2dms(4) (float,float,float,float) t0\n"
                                   "dcl_resource_texture2d (float,float,float,float) t1\n"
                                   "dcl_input_ps linear v1.x\n"
                                   "dcl_output o0.xyzw\n"
                                   "dcl_temps 2\n"
                                   "ftou r0.x, v1.x\n"
                                   "sample_pos r1.xy, t0.xyxx, r0.x\n"
                                   "sample_pos r1.zw, t1.xxxy, r0.x\n"
                                   "mov o0.xyzw, r1.xyzw\n"
                                   "ret\n");
    GString *want = g_string_new("IMM[0] UINT32 {0, 0, 0, 0}\n"
                                 "IMM[1] UINT32 {4, 4, 4, 4}\n");
    static const uint32_t pos[4][2] = { { 0xBE000000u, 0xBEC00000u },
                                        { 0x3EC00000u, 0xBE000000u },
                                        { 0xBEC00000u, 0x3E000000u },
                                        { 0x3E000000u, 0x3EC00000u } };
    for (unsigned i = 0; i < 4; i++) {
        if (i) {
            g_string_append_printf(want, "IMM[%u] UINT32 {%u, %u, %u, %u}\n", 2 * i + 1, i, i, i,
                                   i);
        }
        g_string_append_printf(want, "IMM[%u] UINT32 {%u, %u, 0, 0}\n", 2 * i + 2, pos[i][0],
                               pos[i][1]);
    }
    g_string_append(want, "F2U TEMP[0].x, IN[1].xxxx\n"
                          "MOV TEMP[2], IMM[0]\n"
                          "TXQS TEMP[2].x, SAMP[0], 2D_MSAA\n"
                          "USEQ TEMP[3].y, TEMP[2].xxxx, IMM[1].xxxx\n"
                          "MOV TEMP[2], IMM[0]\n");
    for (unsigned i = 0; i < 4; i++) {
        g_string_append_printf(want,
                               "USEQ TEMP[3].x, TEMP[0].xxxx, IMM[%u].xxxx\n"
                               "AND TEMP[3].x, TEMP[3].xxxx, TEMP[3].yyyy\n"
                               "UCMP TEMP[2].xy, TEMP[3].xxxx, IMM[%u].xyxx, TEMP[2].xyxx\n",
                               i ? 2 * i + 1 : 0, 2 * i + 2);
    }
    g_string_append(want, "MOV TEMP[1].xy, TEMP[2].xyxx\n"
                          "MOV TEMP[2], IMM[0]\n"
                          "MOV TEMP[1].zw, TEMP[2].xxxy\n"
                          "MOV OUT[0], TEMP[1].xyzw");
    g_assert_cmpstr(got, ==, want->str);
    g_string_free(want, TRUE);
}

/* 32 units at most: t0 and t1 with each of 16 samplers fill them; one
 * more pair (a comparison one) is refused. */
static void test_units_limit(void)
{
    GString *b = g_string_new("ps_4_0\n"
                              "dcl_resource_texture2d (float,float,float,float) t0\n"
                              "dcl_resource_texture2d (float,float,float,float) t1\n"
                              "dcl_input_ps linear v1.xyzw\ndcl_output o0.xyzw\n");
    for (unsigned i = 0; i < 16; i++) {
        g_string_append_printf(b, "dcl_sampler s%u, mode_default\n", i);
    }
    for (unsigned i = 0; i < 32; i++) {
        g_string_append_printf(b, "sample o0.xyzw, v1.xyxx, t%u.xyzw, s%u\n", i / 16, i % 16);
    }
    g_autofree char *full = g_strdup_printf("%sret\n", b->str);
    g_autofree char *over = g_strdup_printf("%ssample_c o0.x, v1.xyxx, t0.xxxx, s0, v1.z\nret\n",
                                            b->str);
    g_string_free(b, TRUE);
    g_autofree char *ok = su_body(full);
    g_assert_nonnull(strstr(ok, "SAMP[31], 2D"));
    g_autofree char *refused = su_body(over);
    g_assert_cmpstr(refused, ==, "error unsupported: more than 32 resource/sampler pairs");
}

int main(int argc, char **argv)
{
    g_test_init(&argc, &argv, NULL);
    g_test_add_func("/shader/tgsi/direct", test_direct);
    g_test_add_func("/shader/tgsi/per-lane", test_per_lane);
    g_test_add_func("/shader/tgsi/goldens", test_goldens);
    g_test_add_func("/shader/tgsi/info", test_info);
    g_test_add_func("/shader/tgsi/units", test_units);
    g_test_add_func("/shader/tgsi/units-limit", test_units_limit);
    g_test_add_func("/shader/tgsi/cube-array", test_cube_array);
    g_test_add_func("/shader/tgsi/subroutines", test_subroutines);
    g_test_add_func("/shader/tgsi/sample-pos", test_sample_pos);
    for (size_t i = 0; i < G_N_ELEMENTS(programs); i++) {
        g_autofree char *path = g_strdup_printf("/shader/tgsi/program/%s", programs[i].name);
        g_test_add_data_func(path, &programs[i], test_program);
    }
    shader_hostile_tests_add();
    shader_tess_tests_add();
    shader_pcsg_tests_add();
    shader_count_tests_add();
    return g_test_run();
}
