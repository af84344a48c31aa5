#!/usr/bin/env python3
# SPDX-License-Identifier: MIT
"""Copy a linked PE image and set its optional-header CheckSum.

Usage: pe-finish.py IN OUT
The linker leaves CheckSum 0; Windows verifies it for drivers (and signing
tools expect it). Exit 1 with a message if IN is not a PE image.
"""
import sys

import pefile


def main(argv):
    if len(argv) != 3:
        print("usage: pe-finish.py IN OUT", file=sys.stderr)
        return 2
    try:
        pe = pefile.PE(argv[1])
    except (OSError, pefile.PEFormatError) as e:
        print(f"pe-finish: {argv[1]}: {e}", file=sys.stderr)
        return 1
    pe.OPTIONAL_HEADER.CheckSum = pe.generate_checksum()
    pe.write(argv[2])
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
