#!/usr/bin/python3
# SPDX-License-Identifier: GPL-3.0-or-later
#
# What magic-wormhole's own Python modules compute, for
# test-wormhole-crypto.c to compare with: python-spake2 (SPAKE2_Symmetric),
# wormhole._key's derive_key and derive_phase_key, PyNaCl's SecretBox and
# wormhole._wordlist's words. Run by the system's /usr/bin/python3, which
# has Debian's modules.
#
# Reads one request a line on stdin and answers each with one line on
# stdout, fields one space apart; every argument and answer is hex, so
# that no byte needs quoting, and an empty argument is empty:
#
#   spake2 PASSWORD ID SEED|- [INBOUND]  -> MESSAGE KEY|-  or  error NAME
#       SEED is our 32-byte little-endian scalar, given to python-spake2
#       as the entropy it turns into the same scalar; - for a random one.
#   derive-key KEY PURPOSE LENGTH        -> derive_key (KEY, PURPOSE, LENGTH)
#   derive-phase-key KEY SIDE PHASE      -> derive_phase_key (KEY, SIDE, PHASE)
#   seal KEY NONCE PLAINTEXT             -> SecretBox (KEY).encrypt (…, NONCE)
#   open KEY SEALED                      -> PLAINTEXT  or  error NAME
#   words even|odd                       -> the 256 words, space-separated
#   complete PREFIX                      -> get_completions (PREFIX), sorted,
#       as the last word (no '-' added), space-separated
#
# The words and prefixes are ASCII and given as they are, not in hex.

import sys
from binascii import hexlify, unhexlify


def spake2(password, idsym, seed, inbound=None):
    from spake2 import SPAKE2_Symmetric

    kwargs = {}
    if seed != "-":
        # python-spake2 reads 64 bytes of entropy as a big-endian number
        # and reduces it modulo L: 32 zeros and the seed turned round give
        # the number the seed is, little-endian.
        number = unhexlify(seed)[::-1]
        kwargs["entropy_f"] = lambda n: bytes(n - len(number)) + number
    side = SPAKE2_Symmetric(unhexlify(password), idSymmetric=unhexlify(idsym), **kwargs)
    message = side.start()
    if inbound is None:
        return [hexlify(message).decode(), "-"]
    try:
        key = side.finish(unhexlify(inbound))
    except Exception as e:  # whatever python-spake2 refuses with
        return ["error", type(e).__name__]
    return [hexlify(message).decode(), hexlify(key).decode()]


def derive_key(key, purpose, length):
    from wormhole._key import derive_key as reference
    return [hexlify(reference(unhexlify(key), unhexlify(purpose), int(length))).decode()]


def derive_phase_key(key, side, phase):
    from wormhole._key import derive_phase_key as reference
    return [hexlify(reference(unhexlify(key), unhexlify(side).decode("ascii"),
                              unhexlify(phase).decode("ascii"))).decode()]


def seal(key, nonce, plaintext):
    from nacl.secret import SecretBox
    sealed = SecretBox(unhexlify(key)).encrypt(unhexlify(plaintext), unhexlify(nonce))
    return [hexlify(bytes(sealed)).decode()]


def open_box(key, sealed):
    from nacl.exceptions import CryptoError
    from nacl.secret import SecretBox
    try:
        return [hexlify(SecretBox(unhexlify(key)).decrypt(unhexlify(sealed))).decode()]
    except CryptoError as e:
        return ["error", type(e).__name__]


def words(which):
    from wormhole import _wordlist
    table = _wordlist.byte_to_even_word if which == "even" else _wordlist.byte_to_odd_word
    return [table[bytes([i])].lower() for i in range(256)]


def complete(prefix=""):
    from wormhole._wordlist import PGPWordList
    # num_words: this word is the last one, so no '-' is added.
    return sorted(PGPWordList().get_completions(prefix, num_words=prefix.count("-") + 1))


COMMANDS = {
    "spake2": spake2,
    "derive-key": derive_key,
    "derive-phase-key": derive_phase_key,
    "seal": seal,
    "open": open_box,
    "words": words,
    "complete": complete,
}

for line in sys.stdin:
    # Split at each space, so that an empty argument ("derive-key KEY  32"
    # for an empty purpose) is still one.
    request = line.rstrip("\n").split(" ")
    answer = COMMANDS[request[0]](*request[1:])
    print(" ".join(answer), flush=True)
