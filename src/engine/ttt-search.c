/* ttt-search.c — Monte-Carlo tree search with a solver, for Ultimate
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * UCT (Kocsis and Szepesvári) with the MCTS-Solver's proofs (Winands,
 * Björnsson and Saito), extended to draws: a node is proved a win for the
 * player who moved into it when every reply is proved a loss for the
 * replier, a loss when some reply is proved a win, a draw when no reply
 * wins and every reply is proved. Terminal moves are proved when their
 * parent is expanded, so a win in one is seen at once.
 *
 * Nodes are 16 bytes in one block. A node's children are allocated
 * together, in an order shuffled by the caller's generator (so no cell is
 * favoured among unvisited moves), when the node is first reached a second
 * time: a leaf visited once costs no memory. Results are counted in half
 * points (a win 2, a draw 1) so that the sums are exact integers and a run
 * repeats bit for bit.
 *
 * Symmetry. The eight symmetries of the square (rotations and
 * reflections) act on the 3 × 3 of small boards and, the same way, on the
 * cells inside each, so on the whole 9 × 9 grid and on the board the side
 * to move is sent to. Two moves that a symmetry of the position maps onto
 * each other lead to one position seen in a mirror, with the same value:
 * a node gets one child per such class (its first in the shuffled order),
 * so the search does not spread its iterations over copies and, above
 * all, never tells a learner that one of two mirror-image cells is worse.
 * The analysis reports each class's figures for every move of it.
 *
 * Threads. A search on n threads is root parallel (Chaslot, Winands and
 * van den Herik, "Parallel Monte-Carlo Tree Search", 2008): n trees, one
 * a thread, searched from the same position with their own generators,
 * their root children added up when the analysis is asked for. Tree
 * parallelism (one shared tree, a virtual loss to spread the threads)
 * would make every field of every node shared between threads, so atomic
 * or locked, on the single-threaded path as well, and the expansion a
 * race to arbitrate; its runs would depend on the threads' timing. Here
 * no node is shared: the threads need no lock, scale with the cores, and
 * a run of fixed iterations repeats exactly (tests/bench/bench-parallel.c
 * measures the scaling and the strength).
 */

#include <math.h>
#include <pthread.h>
#include <stdlib.h>
#include <string.h>

#include "ttt-ultimate-private.h"

/* The exploration constant of UCB1 for results in [0, 1]. */
#define TTT_SEARCH_EXPLORATION 0.7f
/* Visits a leaf has before it is expanded. */
#define TTT_SEARCH_EXPAND_AFTER 1u
#define TTT_SEARCH_MAX_DEPTH (TTT_ULTIMATE_N_MOVES + 2)

typedef struct
{
  uint32_t first_child;  /* 0 while a leaf: no node has the root's place 0 as a child */
  uint32_t visits;
  uint32_t score;        /* the mover's results, in half points */
  uint8_t  move;         /* the move that leads here */
  uint8_t  n_children;
  uint8_t  proof;        /* TttProof, for the mover */
  uint8_t  plies;        /* when proved: plies to the end, this node's move included */
} Node;

/* One tree: a thread's own, in one block with its nodes. A search has one
 * per thread; a run on one thread uses the first alone, as before there
 * were threads, so that its moves repeat exactly. */
typedef struct
{
  size_t      memory;
  uint32_t    capacity;
  uint32_t    n_nodes;
  uint32_t    root;
  bool        has_run;
  TttUltimate root_pos;
  uint64_t    iterations;
  Node        nodes[];
} Tree;

struct TttSearch
{
  unsigned    n_threads;
  unsigned    n_run;      /* the trees the last run searched; 0 before one */
  TttUltimate root_pos;
  Tree       *trees[TTT_SEARCH_MAX_THREADS];
};

static Tree *
ttt_search_tree_new (size_t max_bytes)
{
  size_t capacity = (max_bytes - sizeof (Tree)) / sizeof (Node);
  Tree *tree = malloc (sizeof (Tree) + capacity * sizeof (Node));

  if (tree == NULL)
    return NULL;

  tree->memory = sizeof (Tree) + capacity * sizeof (Node);
  tree->capacity = (uint32_t) capacity;
  tree->n_nodes = 0;
  tree->root = 0;
  tree->has_run = false;
  tree->iterations = 0;
  ttt_ultimate_clear (&tree->root_pos);

  return tree;
}

TttSearch *
ttt_search_new_parallel (size_t   max_bytes,
                         unsigned n_threads)
{
  TttSearch *search;

  if (max_bytes == 0)
    max_bytes = TTT_SEARCH_DEFAULT_BYTES;
  if (max_bytes < TTT_SEARCH_MIN_BYTES || max_bytes > TTT_SEARCH_DEFAULT_BYTES ||
      n_threads < 1 || n_threads > TTT_SEARCH_MAX_THREADS)
    return NULL;

  search = calloc (1, sizeof (TttSearch));
  if (search == NULL)
    return NULL;
  search->n_threads = n_threads;
  ttt_ultimate_clear (&search->root_pos);
  for (unsigned i = 0; i < n_threads; i++)
    if ((search->trees[i] = ttt_search_tree_new (max_bytes)) == NULL)
      {
        ttt_search_free (search);
        return NULL;
      }

  return search;
}

TttSearch *
ttt_search_new (size_t max_bytes)
{
  return ttt_search_new_parallel (max_bytes, 1);
}

void
ttt_search_free (TttSearch *search)
{
  if (search == NULL)
    return;

  for (unsigned i = 0; i < TTT_SEARCH_MAX_THREADS; i++)
    free (search->trees[i]);
  free (search);
}

unsigned
ttt_search_get_n_threads (const TttSearch *search)
{
  return search != NULL ? search->n_threads : 0;
}

size_t
ttt_search_get_memory (const TttSearch *search)
{
  size_t memory = 0;

  for (unsigned i = 0; search != NULL && i < search->n_threads; i++)
    memory += search->trees[i]->memory;

  return memory;
}

size_t
ttt_search_get_n_nodes (const TttSearch *search)
{
  size_t n_nodes = 0;

  for (unsigned i = 0; search != NULL && i < search->n_threads; i++)
    n_nodes += search->trees[i]->n_nodes;

  return n_nodes;
}

size_t
ttt_search_get_capacity (const TttSearch *search)
{
  size_t capacity = 0;

  for (unsigned i = 0; search != NULL && i < search->n_threads; i++)
    capacity += search->trees[i]->capacity;

  return capacity;
}

uint64_t
ttt_search_get_iterations (const TttSearch *search)
{
  uint64_t iterations = 0;

  for (unsigned i = 0; search != NULL && i < search->n_run; i++)
    iterations += search->trees[i]->iterations;

  return iterations;
}

uint64_t
ttt_search_get_visits (const TttSearch *search)
{
  uint64_t visits = 0;

  for (unsigned i = 0; search != NULL && i < search->n_run; i++)
    visits += search->trees[i]->nodes[search->trees[i]->root].visits;

  return visits;
}

void
ttt_search_reset (TttSearch *search)
{
  if (search == NULL)
    return;

  search->n_run = 0;
  for (unsigned i = 0; i < search->n_threads; i++)
    {
      search->trees[i]->n_nodes = 0;
      search->trees[i]->has_run = false;
    }
}

/* Keeps the first move of each class of @moves that @symmetries map
 * onto each other, in order; returns how many are kept. */
static int
ttt_symmetry_prune (uint8_t  *moves,
                    int       n,
                    unsigned  symmetries)
{
  bool seen[TTT_ULTIMATE_N_MOVES] = { false };
  int kept = 0;

  for (int i = 0; i < n; i++)
    {
      if (seen[moves[i]])
        continue;
      for (unsigned sm = symmetries; sm != 0; sm &= sm - 1)
        seen[ttt_ult_symmetric_move (__builtin_ctz (sm), moves[i])] = true;
      moves[kept++] = moves[i];
    }

  return kept;
}

/* A random playout to the end of the game from @pos, not over; the result
 * in half points for @mover. */
static uint32_t
ttt_search_playout (TttUltimate pos,
                    TttMark     mover,
                    uint64_t   *rng)
{
  int board, cell;

  do
    ttt_ult_random_move (&pos, rng, &board, &cell);
  while (!ttt_ult_play_unchecked (&pos, board, cell));

  if (ttt_line_table[pos.x_won] != 0)
    return mover == TTT_MARK_X ? 2 : 0;
  if (ttt_line_table[pos.o_won] != 0)
    return mover == TTT_MARK_O ? 2 : 0;

  return 1;
}

static void
ttt_search_init_node (Node *node,
                      int   move)
{
  node->first_child = 0;
  node->visits = 0;
  node->score = 0;
  node->move = (uint8_t) move;
  node->n_children = 0;
  node->proof = TTT_PROOF_NONE;
  node->plies = 0;
}

/* Proves @node from its children if they allow it; returns whether it is
 * proved now. */
static bool
ttt_search_try_prove (Tree *tree,
                      Node *node)
{
  const Node *children = &tree->nodes[node->first_child];
  int win_plies = INT32_MAX, loss_plies = 0, draw_plies = 0;
  bool all_proved = true, any_draw = false;

  if (node->proof != TTT_PROOF_NONE)
    return true;

  for (int i = 0; i < node->n_children; i++)
    switch (children[i].proof)
      {
      case TTT_PROOF_WIN:
        if (children[i].plies < win_plies)
          win_plies = children[i].plies;
        break;
      case TTT_PROOF_LOSS:
        if (children[i].plies > loss_plies)
          loss_plies = children[i].plies;
        break;
      case TTT_PROOF_DRAW:
        any_draw = true;
        if (children[i].plies > draw_plies)
          draw_plies = children[i].plies;
        break;
      default:
        all_proved = false;
        break;
      }

  /* The replier takes its quickest win, else a draw, else its slowest loss. */
  if (win_plies != INT32_MAX)
    {
      node->proof = TTT_PROOF_LOSS;
      node->plies = (uint8_t) (win_plies + 1);
    }
  else if (!all_proved)
    return false;
  else if (any_draw)
    {
      node->proof = TTT_PROOF_DRAW;
      node->plies = (uint8_t) (draw_plies + 1);
    }
  else
    {
      node->proof = TTT_PROOF_WIN;
      node->plies = (uint8_t) (loss_plies + 1);
    }

  return true;
}

/* Gives @node, a leaf at @pos (not over), its children if there is room;
 * terminal ones are proved at once, and then perhaps @node. */
static bool
ttt_search_expand (Tree              *tree,
                   uint32_t           index,
                   const TttUltimate *pos,
                   uint64_t          *rng)
{
  uint8_t moves[TTT_ULTIMATE_N_MOVES];
  unsigned boards = ttt_ult_boards_in_play (pos);
  unsigned symmetries = ttt_ult_symmetries (pos);
  int n = 0;
  Node *children;

  for (unsigned bm = boards; bm != 0; bm &= bm - 1)
    {
      int b = __builtin_ctz (bm);

      for (unsigned cm = ttt_ult_empty (pos, b); cm != 0; cm &= cm - 1)
        moves[n++] = (uint8_t) (b * TTT_N_CELLS + __builtin_ctz (cm));
    }

  /* The classes number the same in any order; counted first, so that a
   * full block takes nothing from the generator. */
  if (symmetries != 1)
    {
      uint8_t copy[TTT_ULTIMATE_N_MOVES];

      memcpy (copy, moves, (size_t) n);
      if ((uint64_t) tree->n_nodes + (uint64_t) ttt_symmetry_prune (copy, n, symmetries) >
          tree->capacity)
        return false;
    }
  else if ((uint64_t) tree->n_nodes + (uint64_t) n > tree->capacity)
    return false;

  /* Fisher–Yates, so that unvisited children are tried in random order
   * (and a class of symmetric moves is stood for by a random one). */
  for (int i = n - 1; i > 0; i--)
    {
      int j = (int) ttt_ult_random_below (rng, (unsigned) i + 1);
      uint8_t t = moves[i];

      moves[i] = moves[j];
      moves[j] = t;
    }
  if (symmetries != 1)
    n = ttt_symmetry_prune (moves, n, symmetries);

  tree->nodes[index].first_child = tree->n_nodes;
  tree->nodes[index].n_children = (uint8_t) n;
  children = &tree->nodes[tree->n_nodes];
  tree->n_nodes += (uint32_t) n;

  for (int i = 0; i < n; i++)
    {
      TttUltimate child = *pos;

      ttt_search_init_node (&children[i], moves[i]);
      if (ttt_ult_play_unchecked (&child, moves[i] / TTT_N_CELLS, moves[i] % TTT_N_CELLS))
        {
          bool drawn = ttt_line_table[child.x_won] == 0 && ttt_line_table[child.o_won] == 0;

          children[i].proof = drawn ? TTT_PROOF_DRAW : TTT_PROOF_WIN;
          children[i].plies = 1;
        }
    }

  ttt_search_try_prove (tree, &tree->nodes[index]);

  return true;
}

/* UCB1 among the children of @node that are not proved losses for their
 * mover: an unvisited one first, in their shuffled order. */
static uint32_t
ttt_search_select (const Tree *tree,
                   const Node *node)
{
  const Node *children = &tree->nodes[node->first_child];
  float log_n = logf ((float) node->visits);
  float best_value = -1.0f;
  int best = -1;

  for (int i = 0; i < node->n_children; i++)
    {
      const Node *child = &children[i];
      float mean, value;

      if (child->proof == TTT_PROOF_LOSS)
        continue;
      if (child->visits == 0 || child->proof == TTT_PROOF_WIN)
        return node->first_child + (uint32_t) i;

      mean = child->proof == TTT_PROOF_DRAW ? 0.5f : (float) child->score / (2.0f * (float) child->visits);
      value = mean + TTT_SEARCH_EXPLORATION * sqrtf (log_n / (float) child->visits);
      if (value > best_value)
        {
          best_value = value;
          best = i;
        }
    }

  /* Every child a proved loss would have proved @node. */
  return node->first_child + (uint32_t) (best < 0 ? 0 : best);
}

static uint32_t
ttt_search_proof_score (const Node *node)
{
  switch (node->proof)
    {
    case TTT_PROOF_WIN:
      return 2;
    case TTT_PROOF_LOSS:
      return 0;
    default:
      return 1;
    }
}

static void
ttt_search_iterate (Tree     *tree,
                    uint64_t *rng)
{
  uint32_t path[TTT_SEARCH_MAX_DEPTH];
  int depth = 0;
  TttUltimate pos = tree->root_pos;
  uint32_t index = tree->root;
  Node *node = &tree->nodes[index];
  uint32_t score;

  path[0] = index;
  while (node->first_child != 0 && node->proof == TTT_PROOF_NONE)
    {
      index = ttt_search_select (tree, node);
      node = &tree->nodes[index];
      ttt_ult_play_unchecked (&pos, node->move / TTT_N_CELLS, node->move % TTT_N_CELLS);
      path[++depth] = index;
    }

  if (node->proof == TTT_PROOF_NONE &&
      (depth == 0 || node->visits >= TTT_SEARCH_EXPAND_AFTER) &&
      ttt_search_expand (tree, index, &pos, rng) && node->proof == TTT_PROOF_NONE)
    {
      index = ttt_search_select (tree, node);
      node = &tree->nodes[index];
      ttt_ult_play_unchecked (&pos, node->move / TTT_N_CELLS, node->move % TTT_N_CELLS);
      path[++depth] = index;
    }

  if (node->proof != TTT_PROOF_NONE)
    score = ttt_search_proof_score (node);
  else
    score = ttt_search_playout (pos, pos.turn == TTT_MARK_X ? TTT_MARK_O : TTT_MARK_X, rng);

  for (int i = depth; i >= 0; i--)
    {
      Node *n = &tree->nodes[path[i]];

      n->visits++;
      n->score += score;
      score = 2 - score;
    }

  /* A proof climbs as far as it decides each parent. */
  for (int i = depth - 1; i >= 0; i--)
    if (tree->nodes[path[i + 1]].proof == TTT_PROOF_NONE ||
        !ttt_search_try_prove (tree, &tree->nodes[path[i]]))
      break;
}

static bool
ttt_search_same_position (const TttUltimate *a,
                          const TttUltimate *b)
{
  return memcmp (a->x, b->x, sizeof a->x) == 0 && memcmp (a->o, b->o, sizeof a->o) == 0 &&
         a->next == b->next;
}

/* Whether every mark of @a is in @b too. */
static bool
ttt_search_leads_to (const TttUltimate *a,
                     const TttUltimate *b)
{
  for (int i = 0; i < TTT_ULTIMATE_N_BOARDS; i++)
    if ((a->x[i] & ~b->x[i]) != 0 || (a->o[i] & ~b->o[i]) != 0)
      return false;

  return true;
}

/* The node of the kept tree for @pos, if it is the last root or one or two
 * moves on from it; UINT32_MAX otherwise. */
static uint32_t
ttt_search_find_kept (const Tree        *tree,
                      const TttUltimate *pos)
{
  uint32_t index = tree->root;
  TttUltimate at = tree->root_pos;

  if (!tree->has_run)
    return UINT32_MAX;

  for (int ply = 0; ply <= 2; ply++)
    {
      const Node *node = &tree->nodes[index];
      uint32_t next = UINT32_MAX;

      if (ttt_search_same_position (&at, pos))
        return index;
      if (ply == 2)
        break;

      /* At most one move can lead on: the one mark of the mover's that
       * @pos has and @at has not. */
      for (int i = 0; i < node->n_children && next == UINT32_MAX; i++)
        {
          uint32_t child = node->first_child + (uint32_t) i;
          int move = tree->nodes[child].move;
          TttUltimate after = at;

          ttt_ult_play_unchecked (&after, move / TTT_N_CELLS, move % TTT_N_CELLS);
          if (ttt_search_leads_to (&after, pos))
            {
              next = child;
              at = after;
            }
        }
      if (next == UINT32_MAX)
        break;
      index = next;
    }

  return UINT32_MAX;
}

/* Makes @tree ready to search @pos: keeps the subtree of an earlier run
 * while it leaves room to grow, else starts afresh. */
static void
ttt_search_tree_start (Tree              *tree,
                       const TttUltimate *pos,
                       uint64_t          *rng)
{
  uint32_t kept = ttt_search_find_kept (tree, pos);

  if (kept == UINT32_MAX || tree->n_nodes > tree->capacity / 2)
    {
      tree->n_nodes = 1;
      kept = 0;
      ttt_search_init_node (&tree->nodes[0], 0);
    }
  tree->root = kept;
  tree->root_pos = *pos;
  tree->has_run = true;
  tree->iterations = 0;

  /* The root is expanded first, so that it has children even if the
   * budget ends at once; there is always room for it after a reset. */
  if (tree->nodes[kept].first_child == 0)
    ttt_search_expand (tree, kept, pos, rng);
}

/* One thread's search of its tree, to the end of the budget (counted for
 * this tree alone) or a proof of the root. */
static void
ttt_search_tree_run (Tree                  *tree,
                     const TttSearchBudget *budget,
                     uint64_t              *rng)
{
  /* Half points are counted in 32 bits: a run of hours stops short of
   * overflowing them. */
  while (tree->nodes[tree->root].proof == TTT_PROOF_NONE &&
         tree->nodes[tree->root].visits < UINT32_MAX / 2 - 1)
    {
      ttt_search_iterate (tree, rng);
      tree->iterations++;
      if (budget->iterations != 0 && tree->iterations >= budget->iterations)
        break;
      if (budget->should_stop != NULL && tree->iterations % TTT_SEARCH_POLL == 0 &&
          budget->should_stop (budget->data))
        break;
    }
}

/* What a thread of a run is given: its tree and generator, nothing it
 * shares with another but the budget, which it only reads. */
typedef struct
{
  Tree                  *tree;
  const TttSearchBudget *budget;
  uint64_t               rng;
} Worker;

static void *
ttt_search_worker (void *data)
{
  Worker *worker = data;

  ttt_search_tree_run (worker->tree, worker->budget, &worker->rng);

  return NULL;
}

/* Root parallel: each thread searches a tree of its own from the same
 * position, and the analysis adds their figures up at the root. No node
 * is shared, so the threads need no lock and no atomic; a run of fixed
 * iterations repeats exactly whatever the threads' timing. Thread 0 is
 * the caller's, with the caller's generator, so that one thread plays as
 * the search always has; the others are seeded from it. A thread that
 * cannot be started has its tree searched on the caller's thread
 * afterwards: slower, the same result. */
static void
ttt_search_run_trees (TttSearch             *search,
                      unsigned               n,
                      const TttUltimate     *pos,
                      const TttSearchBudget *budget,
                      uint64_t              *rng_state)
{
  Worker workers[TTT_SEARCH_MAX_THREADS];
  pthread_t threads[TTT_SEARCH_MAX_THREADS];
  bool started[TTT_SEARCH_MAX_THREADS] = { false };

  for (unsigned i = 1; i < n; i++)
    {
      workers[i].tree = search->trees[i];
      workers[i].budget = budget;
      workers[i].rng = ttt_rng_step (rng_state);
      ttt_search_tree_start (workers[i].tree, pos, &workers[i].rng);
    }
  ttt_search_tree_start (search->trees[0], pos, rng_state);

  for (unsigned i = 1; i < n; i++)
    started[i] = pthread_create (&threads[i], NULL, ttt_search_worker, &workers[i]) == 0;
  ttt_search_tree_run (search->trees[0], budget, rng_state);
  for (unsigned i = 1; i < n; i++)
    if (started[i])
      pthread_join (threads[i], NULL);
    else
      ttt_search_worker (&workers[i]);
}

static TttStatus
ttt_search_run_on (TttSearch             *search,
                   unsigned               n_threads,
                   const TttUltimate     *pos,
                   const TttSearchBudget *budget,
                   uint64_t              *rng_state,
                   int                   *move)
{
  TttMoveAnalysis best;

  if (search == NULL || pos == NULL || budget == NULL || rng_state == NULL || move == NULL ||
      !ttt_ult_consistent (pos) || (budget->iterations == 0 && budget->should_stop == NULL))
    return TTT_ERROR_INVALID_ARGUMENT;
  if (ttt_ult_is_over (pos))
    return TTT_ERROR_GAME_OVER;

  if (n_threads > search->n_threads)
    n_threads = search->n_threads;
  search->n_run = n_threads;
  search->root_pos = *pos;
  if (n_threads == 1)
    {
      ttt_search_tree_start (search->trees[0], pos, rng_state);
      ttt_search_tree_run (search->trees[0], budget, rng_state);
    }
  else
    ttt_search_run_trees (search, n_threads, pos, budget, rng_state);

  /* The root always has children (there is room for them after a reset);
   * should it not, the first legal move is still a move. */
  if (ttt_search_analyse (search, &best, 1) < 1)
    {
      int board = __builtin_ctz (ttt_ult_boards_in_play (pos));

      best.move = board * TTT_N_CELLS + __builtin_ctz (ttt_ult_empty (pos, board));
    }
  *move = best.move;

  return TTT_OK;
}

TttStatus
ttt_search_run (TttSearch             *search,
                const TttUltimate     *pos,
                const TttSearchBudget *budget,
                uint64_t              *rng_state,
                int                   *move)
{
  return ttt_search_run_on (search, TTT_SEARCH_MAX_THREADS, pos, budget, rng_state, move);
}

/* A move of the root as the analysis tells it: one tree's child, or the
 * sum of the trees' children of one class of symmetric moves. */
typedef struct
{
  int      move;      /* the first tree's, the one the search plays */
  uint64_t visits;
  uint64_t score;
  uint8_t  proof;
  uint8_t  plies;
} Child;

static void
ttt_search_describe (const Child     *child,
                     TttMoveAnalysis *out)
{
  out->move = child->move;
  out->visits = child->visits > UINT32_MAX ? UINT32_MAX : (uint32_t) child->visits;
  out->proof = (TttProof) child->proof;
  out->plies = child->proof != TTT_PROOF_NONE ? child->plies : 0;
  switch (child->proof)
    {
    case TTT_PROOF_WIN:
      out->win_chance = 1.0;
      break;
    case TTT_PROOF_LOSS:
      out->win_chance = 0.0;
      break;
    case TTT_PROOF_DRAW:
      out->win_chance = 0.5;
      break;
    default:
      out->win_chance = child->visits == 0 ? 0.5 : (double) child->score / (2.0 * (double) child->visits);
      break;
    }
}

/* Adds @node, a root child of one tree, into @child of the same class.
 * The trees' proofs agree, being proofs; they may have found lines of
 * different lengths, and the shortest win and longest loss are told. */
static void
ttt_search_merge (Child      *child,
                  const Node *node)
{
  child->visits += node->visits;
  child->score += node->score;
  if (node->proof == TTT_PROOF_NONE)
    return;
  if (child->proof == TTT_PROOF_NONE ||
      (node->proof == TTT_PROOF_WIN && node->plies < child->plies) ||
      (node->proof != TTT_PROOF_WIN && node->plies > child->plies))
    {
      child->proof = node->proof;
      child->plies = node->plies;
    }
}

/* The root's children of the last run, the trees' added up: in the first
 * tree's order, one a class of symmetric moves (each tree stands for a
 * class by a move of its own choice). Returns how many. */
static int
ttt_search_root_children (const TttSearch *search,
                          Child            out[TTT_ULTIMATE_N_MOVES])
{
  unsigned symmetries = ttt_ult_symmetries (&search->root_pos);
  int class_of[TTT_ULTIMATE_N_MOVES];
  int n = 0;

  for (int m = 0; m < TTT_ULTIMATE_N_MOVES; m++)
    class_of[m] = -1;

  for (unsigned t = 0; t < search->n_run; t++)
    {
      const Tree *tree = search->trees[t];
      const Node *root = &tree->nodes[tree->root];

      for (int i = 0; i < root->n_children; i++)
        {
          const Node *node = &tree->nodes[root->first_child + (uint32_t) i];
          int at = class_of[node->move];

          if (at < 0)
            {
              at = n++;
              out[at] = (Child) { node->move, 0, 0, TTT_PROOF_NONE, 0 };
              for (unsigned sm = symmetries; sm != 0; sm &= sm - 1)
                class_of[ttt_ult_symmetric_move (__builtin_ctz (sm), node->move)] = at;
            }
          ttt_search_merge (&out[at], node);
        }
    }

  return n;
}

/* A move of the analysis, and whether it is the one its class of
 * symmetric moves has in the tree (the one the search plays). */
typedef struct
{
  TttMoveAnalysis analysis;
  bool            searched;
} Ranked;

/* Whether @a is a better choice than @b: proved wins by fewest plies, the
 * rest by visits (then chance, then the searched one of symmetric moves,
 * then move, so the order is total), proved losses last by most plies. */
static bool
ttt_search_better (const Ranked *ra,
                   const Ranked *rb)
{
  const TttMoveAnalysis *a = &ra->analysis;
  const TttMoveAnalysis *b = &rb->analysis;
  int rank_a = a->proof == TTT_PROOF_WIN ? 0 : a->proof == TTT_PROOF_LOSS ? 2 : 1;
  int rank_b = b->proof == TTT_PROOF_WIN ? 0 : b->proof == TTT_PROOF_LOSS ? 2 : 1;

  if (rank_a != rank_b)
    return rank_a < rank_b;
  if (rank_a == 0 && a->plies != b->plies)
    return a->plies < b->plies;
  if (rank_a == 2 && a->plies != b->plies)
    return a->plies > b->plies;
  if (a->visits != b->visits)
    return a->visits > b->visits;
  if (a->win_chance > b->win_chance || a->win_chance < b->win_chance)
    return a->win_chance > b->win_chance;
  if (ra->searched != rb->searched)
    return ra->searched;

  return a->move < b->move;
}

int
ttt_search_analyse (const TttSearch *search,
                    TttMoveAnalysis *out,
                    int              n_max)
{
  Ranked ranked[TTT_ULTIMATE_N_MOVES];
  Child children[TTT_ULTIMATE_N_MOVES];
  unsigned symmetries;
  int n_children;
  int n = 0;

  if (search == NULL || out == NULL || n_max < 0 || search->n_run == 0)
    return -1;

  /* Each child stands for its class of symmetric moves: every legal move
   * of the class is told with its figures. */
  n_children = ttt_search_root_children (search, children);
  symmetries = ttt_ult_symmetries (&search->root_pos);
  for (int i = 0; i < n_children; i++)
    {
      const Child *child = &children[i];
      int copies[8];
      int n_copies = 0;

      for (unsigned sm = symmetries; sm != 0; sm &= sm - 1)
        {
          int move = ttt_ult_symmetric_move (__builtin_ctz (sm), child->move);
          bool again = false;

          for (int k = 0; k < n_copies && !again; k++)
            again = copies[k] == move;
          if (!again)
            copies[n_copies++] = move;
        }

      for (int k = 0; k < n_copies && n < TTT_ULTIMATE_N_MOVES; k++)
        {
          Ranked item;
          int at;

          ttt_search_describe (child, &item.analysis);
          item.analysis.move = copies[k];
          item.searched = copies[k] == child->move;

          /* Insertion, best first. */
          at = n;
          while (at > 0 && ttt_search_better (&item, &ranked[at - 1]))
            {
              ranked[at] = ranked[at - 1];
              at--;
            }
          ranked[at] = item;
          n++;
        }
    }

  if (n > n_max)
    n = n_max;
  for (int i = 0; i < n; i++)
    out[i] = ranked[i].analysis;

  return n;
}

/* The standard error of a move's estimate at its most (a result in
 * [0, 1] has a variance of ¼ at most), squared; 0 for a proof. */
static double
ttt_search_error2 (const TttMoveAnalysis *a)
{
  if (a->proof != TTT_PROOF_NONE)
    return 0.0;

  return 0.25 / (a->visits > 0 ? (double) a->visits : 1.0);
}

/* Four standard errors rather than the usual two or three: UCT visits a
 * move less once its mean looks low, so the means of little-visited moves
 * lean low, and on the empty board three errors still see differences
 * that a search from another seed does not repeat. */
bool
ttt_search_tells_apart (const TttMoveAnalysis *analysis,
                        int                    n)
{
  if (analysis == NULL)
    return false;

  for (int i = 1; i < n; i++)
    {
      double gap = analysis[0].win_chance - analysis[i].win_chance;
      double noise2 = ttt_search_error2 (&analysis[0]) + ttt_search_error2 (&analysis[i]);

      if (gap < 0)
        gap = -gap;
      if (gap * gap > TTT_SEARCH_NOISE_ERRORS * TTT_SEARCH_NOISE_ERRORS * noise2)
        return true;
    }

  return false;
}

/* A move that wins the game at once, or −1. */
static int
ttt_ultimate_winning_move (const TttUltimate *pos)
{
  unsigned boards = ttt_ult_boards_in_play (pos);

  for (unsigned bm = boards; bm != 0; bm &= bm - 1)
    {
      int b = __builtin_ctz (bm);

      for (unsigned cm = ttt_ult_empty (pos, b); cm != 0; cm &= cm - 1)
        {
          TttUltimate after = *pos;

          if (ttt_ult_play_unchecked (&after, b, __builtin_ctz (cm)) &&
              (ttt_line_table[after.x_won] != 0 || ttt_line_table[after.o_won] != 0))
            return b * TTT_N_CELLS + __builtin_ctz (cm);
        }
    }

  return -1;
}

/* The ladder and the older three. The iterations grow about fivefold a
 * step, as much as it takes a search to win two games in three against
 * the step below (tests/bench/bench-ladder.c measures it); the lower
 * steps also choose as a person does. Master is the old Hard on every
 * thread its search has. */
static const struct
{
  TttLevel         level;
  TttUltimateLevel params;
} ultimate_levels[] = {
  { TTT_LEVEL_EASY,     { TTT_ULTIMATE_EASY_ITERATIONS, 0, false, TTT_ULTIMATE_EASY_SLIP_PERCENT, false, TTT_SEARCH_DEFAULT_BYTES / 4, false } },
  { TTT_LEVEL_MEDIUM,   { TTT_ULTIMATE_MEDIUM_ITERATIONS, 0, false, 0, false, TTT_SEARCH_DEFAULT_BYTES / 4, false } },
  { TTT_LEVEL_HARD,     { TTT_ULTIMATE_HARD_ITERATIONS, 0, false, 0, true, TTT_SEARCH_DEFAULT_BYTES, false } },
  { TTT_LEVEL_BEGINNER, { 12, 200, true, 0, false, TTT_SEARCH_DEFAULT_BYTES / 64, false } },
  { TTT_LEVEL_CASUAL,   { 400, 75, true, 0, false, TTT_SEARCH_DEFAULT_BYTES / 64, false } },
  { TTT_LEVEL_CLUB,     { 2000, 35, false, 0, false, TTT_SEARCH_DEFAULT_BYTES / 8, false } },
  { TTT_LEVEL_STRONG,   { 6000, 0, false, 0, false, TTT_SEARCH_DEFAULT_BYTES / 2, false } },
  { TTT_LEVEL_MASTER,   { TTT_ULTIMATE_HARD_ITERATIONS, 0, false, 0, true, TTT_SEARCH_DEFAULT_BYTES, true } },
};

bool
ttt_ultimate_level_get (TttLevel          level,
                        TttUltimateLevel *out)
{
  if (out == NULL)
    return false;

  for (size_t i = 0; i < sizeof ultimate_levels / sizeof ultimate_levels[0]; i++)
    if (ultimate_levels[i].level == level)
      {
        *out = ultimate_levels[i].params;
        return true;
      }

  return false;
}

/* Whether @move wins a small board for the side to move in @pos. */
static bool
ttt_ultimate_wins_board (const TttUltimate *pos,
                         int                move)
{
  TttUltimate after = *pos;
  uint16_t won_before = pos->turn == TTT_MARK_X ? pos->x_won : pos->o_won;

  ttt_ult_play_unchecked (&after, move / TTT_N_CELLS, move % TTT_N_CELLS);

  return (pos->turn == TTT_MARK_X ? after.x_won : after.o_won) != won_before;
}

/* A uniform double in [0, 1) from the caller's generator. */
static double
ttt_ultimate_random_unit (uint64_t *rng)
{
  return (double) (ttt_rng_step (rng) >> 11) * (1.0 / 9007199254740992.0);
}

/* The move the level plays from the search's analysis of its last run:
 * a greedy level's best small board, else a proved win, else by its
 * noise among the moves not proved lost. */
static int
ttt_ultimate_pick (const TttSearch        *search,
                   const TttUltimate      *pos,
                   const TttUltimateLevel *params,
                   uint64_t               *rng,
                   int                     fallback)
{
  TttMoveAnalysis analysis[TTT_ULTIMATE_N_MOVES];
  double weights[TTT_ULTIMATE_N_MOVES];
  double total = 0.0, at;
  int n = ttt_search_analyse (search, analysis, TTT_ULTIMATE_N_MOVES);
  int n_open = 0;

  if (n < 1)
    return fallback;
  if (analysis[0].proof == TTT_PROOF_WIN)
    return analysis[0].move;

  if (params->greedy)
    for (int i = 0; i < n; i++)
      if (ttt_ultimate_wins_board (pos, analysis[i].move))
        return analysis[i].move;

  if (params->noise == 0)
    return analysis[0].move;

  /* Proved losses come last in the analysis. */
  for (int i = 0; i < n && analysis[i].proof != TTT_PROOF_LOSS; i++)
    {
      weights[i] = pow ((double) analysis[i].visits + 1.0, 100.0 / (double) params->noise);
      total += weights[i];
      n_open++;
    }
  if (n_open < 2)
    return analysis[0].move;

  at = ttt_ultimate_random_unit (rng) * total;
  for (int i = 0; i < n_open; i++)
    {
      if (at < weights[i])
        return analysis[i].move;
      at -= weights[i];
    }

  return analysis[n_open - 1].move;
}

TttStatus
ttt_ultimate_choose (TttSearch             *search,
                     const TttUltimate     *pos,
                     TttLevel               level,
                     const TttSearchBudget *budget,
                     uint64_t              *rng_state,
                     int                   *move)
{
  TttSearchBudget level_budget = { 0, NULL, NULL };
  TttUltimateLevel params;
  TttStatus status;
  int chosen, win;

  if (search == NULL || pos == NULL || rng_state == NULL || move == NULL ||
      !ttt_ult_consistent (pos) || !ttt_ultimate_level_get (level, &params))
    return TTT_ERROR_INVALID_ARGUMENT;
  if (ttt_ult_is_over (pos))
    return TTT_ERROR_GAME_OVER;

  level_budget.iterations = params.iterations;
  if (budget != NULL)
    {
      if (budget->iterations != 0)
        level_budget.iterations = budget->iterations;
      level_budget.should_stop = budget->should_stop;
      level_budget.data = budget->data;
    }

  if (params.slip_percent > 0 && ttt_rng_below (rng_state, 100) < params.slip_percent)
    {
      win = ttt_ultimate_winning_move (pos);
      if (win < 0)
        {
          int board, cell;

          ttt_ult_random_move (pos, rng_state, &board, &cell);
          win = board * TTT_N_CELLS + cell;
        }
      *move = win;

      return TTT_OK;
    }

  /* No level misses a win of the game in one, searched or not. */
  if (params.noise > 0 || params.greedy)
    {
      win = ttt_ultimate_winning_move (pos);
      if (win >= 0)
        {
          *move = win;
          return TTT_OK;
        }
    }

  status = ttt_search_run_on (search, params.parallel ? TTT_SEARCH_MAX_THREADS : 1, pos, &level_budget,
                              rng_state, &chosen);
  if (status != TTT_OK)
    return status;
  if (params.noise > 0 || params.greedy)
    chosen = ttt_ultimate_pick (search, pos, &params, rng_state, chosen);
  *move = chosen;

  return TTT_OK;
}
