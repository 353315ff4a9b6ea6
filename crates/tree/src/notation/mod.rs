//! The parenthesised notations the papers print trees in: Knuth's (1976) and Irving's (used by
//! Koyama and Lai).
