#!/usr/bin/env python3
"""Records how CPython's datetime.strptime reads the date formats ToolTalk's tools use, for
src/domains/tooltalk/python-time.test.ts: every input below, in each format, with its result or the exact
text of the error. Run with the Python the reference is run with (3.11):

  python3 scripts/record-python-strptime.py > test/fixtures/python-strptime/cases.json
"""
import json
import sys
import unicodedata
from datetime import datetime

DATE_TIME = "%Y-%m-%d %H:%M:%S"
TIME = "%H:%M:%S"

SPACES = ["\t", "\n", "\x0b", "\x0c", "\r", "\x1c", "\x1f", " ", "\x85", "\xa0", "\u1680", "\u2000", "\u2007",
          "\u200a", "\u2028", "\u2029", "\u202f", "\u205f", "\u3000", "\u200b", "\ufeff", "\u180e"]
DIGIT_SETS = {
    "arabic-indic": 0x660, "extended-arabic-indic": 0x6F0, "devanagari": 0x966, "thai": 0xE50,
    "fullwidth": 0xFF10, "mathematical-bold": 0x1D7CE, "adlam": 0x1E950,
    # Unicode 15 digits, unknown to Python 3.11's Unicode 14 tables
    "kawi": 0x11F50, "nag-mundari": 0x1E4F0,
}


def digits(text, zero):
    return "".join(chr(zero + int(c)) if c.isdigit() and c.isascii() else c for c in text)


def date_time_inputs():
    base = "2023-09-15 23:59:59"
    inputs = [base, "2023-09-15  23:59:59", "2023-09-15   23:59:59", " 2023-09-15 23:59:59",
              "2023-09-15 23:59:59 ", "2023-09-15 23:59:59\n", "2023-09-1523:59:59", "2023-9-5 7:5:3",
              "2023-09-05 07:05:03", "2023-09- 5 07:05:03", "2023-09-  5 07:05:03", "2023-09-15 24:00:00",
              "2023-09-15 23:60:00", "2023-09-15 23:59:60", "2023-09-15 23:59:61", "2023-09-15 23:59:62",
              "2024-02-29 10:00:00", "2023-02-29 10:00:00", "1900-02-29 10:00:00", "2000-02-29 10:00:00",
              "2023-02-30 08:00:00", "2023-04-31 08:00:00", "2023-13-01 08:00:00", "2023-00-10 08:00:00",
              "2023-09-00 08:00:00", "2023-09-32 08:00:00", "0000-01-01 00:00:00", "0001-01-01 00:00:00",
              "9999-12-31 23:59:59", "23-09-15 23:59:59", "20230-09-15 23:59:59", "2023-09-15", "2023-09-15 23:59",
              "2023-09-15T23:59:59", "2023/09/15 23:59:59", "2023-09-15 23:59:59.5", "", " ", "2023-09-15 9:00:00",
              "2023-09-15 09:0:00", "2023-09-015 09:00:00", "2023-010-05 09:00:00", "+2023-09-15 09:00:00",
              "2023-09-15 +9:00:00", "2023-09-15 -9:00:00", "2023-09-15 09:00:00am", "2023-09-15 \t 09:00:00",
              "2023-09-15\u00a0\u00a009:00:00", "2023-09-15 09:00:00Z", "2023-09-15 9:9:9", "2023-9-15 09:00:00",
              "2023-09-1 09:00:00"]
    inputs += [f"2023-09-15{space}23:59:59" for space in SPACES]
    inputs += [f"2023-09-15 23:59:59{space}" for space in SPACES[:4]]
    for zero in DIGIT_SETS.values():
        inputs.append(digits(base, zero))
        inputs.append("2023-09-1" + chr(zero + 5) + " 2" + chr(zero + 3) + ":5" + chr(zero + 9) + ":0" + chr(zero + 1))
        inputs.append(digits("2023", zero) + "-09-15 23:59:59")
        inputs.append("2023-09-15 " + chr(zero + 9) + ":" + chr(zero + 5) + ":" + chr(zero + 7))
        inputs.append("2023-" + chr(zero + 9) + "-" + chr(zero + 5) + " 09:00:00")
    return inputs


def time_inputs():
    base = "18:30:00"
    inputs = [base, "18:30:0", "8:30:00", "08:30:00", "18:3:0", "24:00:00", "23:60:00", "23:59:60", "23:59:61",
              "23:59:62", " 18:30:00", "18:30:00 ", "18: 30:00", "18:30", "18:30:00.000", "", "183000", "18-30-00",
              "6:30 PM", "18:30:00\t", "1:1:1", "01:01:01", "00:00:00", "-1:00:00"]
    for zero in DIGIT_SETS.values():
        inputs.append(digits(base, zero))
        inputs.append(chr(zero + 8) + ":" + "3" + chr(zero + 0) + ":" + chr(zero + 5))
        inputs.append("1" + chr(zero + 8) + ":30:00")
    return inputs


def outcome(text, fmt):
    try:
        value = datetime.strptime(text, fmt)
        return {"result": [value.year, value.month, value.day, value.hour, value.minute, value.second]}
    except ValueError as error:
        return {"error": str(error)}


def main():
    cases = [{"format": DATE_TIME, "text": text, **outcome(text, DATE_TIME)} for text in date_time_inputs()]
    cases += [{"format": TIME, "text": text, **outcome(text, TIME)} for text in time_inputs()]
    json.dump({"python": sys.version.split()[0], "unicode": unicodedata.unidata_version, "cases": cases},
              sys.stdout, indent=1, ensure_ascii=True)
    sys.stdout.write("\n")


if __name__ == "__main__":
    main()
