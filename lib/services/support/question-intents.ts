/**
 * What a question asks, from weighted families of words and concepts in English and Chinese.
 * English terms match at the start of a word (`fail` matches failed, failure); Chinese terms
 * anywhere. The family with the highest weight wins; a specific topic beats a bare "why".
 */

/** The topics the offline agent answers (and `decline` for what the log cannot answer). */
export type Intent =
  | 'why'
  | 'status'
  | 'evaluator'
  | 'score'
  | 'lessons'
  | 'tools'
  | 'errors'
  | 'usage'
  | 'changes'
  | 'cancel'
  | 'output'
  | 'task'
  | 'model'
  | 'attempts'
  | 'prompt'
  | 'ratings'
  | 'decline'

type Family = { intent: Intent; terms: [string, number][] }

// "term:weight | term:weight": compact to read and to extend; a term may hold spaces.
const terms = (text: string): [string, number][] =>
  text.split(' | ').map((entry) => {
    const colon = entry.lastIndexOf(':')
    return [entry.slice(0, colon), Number(entry.slice(colon + 1))]
  })

/** The weighted term families; each term's weight counts once per question. */
export const INTENT_FAMILIES: Family[] = [
  {
    intent: 'why',
    terms: terms(
      'why:3 | how come:3 | what happened:4 | what went wrong:4 | went wrong:3 | reason:2 | cause:2 | root cause:4 | explain:3 | diagnos:3 | summar:3 | overview:2 | fail:2 | broke:2 | problem:1 | issue:1 | wrong:1 | tell me about:2 | walk me through:3 | 为什么:4 | 为何:4 | 原因:3 | 怎么回事:4 | 发生了什么:4 | 出了什么:3 | 怎么了:3 | 失败:2 | 解释:3 | 总结:3 | 概括:3 | 概述:3 | 问题:1 | 咋回事:4 | 什么情况:3',
    ),
  },
  {
    intent: 'status',
    terms: terms(
      'status:3 | did it pass:4 | did it succeed:4 | did it work:4 | did it fail:3 | succeed:2 | success:2 | pass:2 | finished:2 | outcome:3 | still running:3 | is it done:3 | 状态:3 | 通过了吗:4 | 成功了吗:4 | 成功:3 | 通过:2 | 结束:2 | 完成:2 | 结局:3',
    ),
  },
  {
    intent: 'evaluator',
    terms: terms(
      'evaluator:4 | evaluat:3 | judge:4 | grader:4 | grading:3 | graded:3 | feedback:4 | critique:3 | verdict:3 | reviewer:3 | assess:3 | comment:2 | said:1 | say:1 | 评估:4 | 评委:4 | 评审:4 | 反馈:4 | 评价:4 | 裁判:4 | 评语:4 | 判定:3 | 打分:2 | 评判:4 | 意见:2 | 说了什么:2 | 怎么说:2',
    ),
  },
  {
    intent: 'score',
    terms: terms(
      'score:4 | scored:4 | points:2 | grade:2 | rating:2 | threshold:3 | best:1 | how well:3 | how close:3 | 分数:4 | 得分:4 | 评分:4 | 阈值:3 | 多少分:4 | 最高分:4 | 几分:4 | 分值:4 | 门槛:3',
    ),
  },
  {
    intent: 'lessons',
    terms: terms(
      'lesson:4 | learn:3 | memor:3 | recall:3 | reflect:2 | insight:2 | takeaway:3 | reflector:3 | helped:2 | help:1 | useful:1 | share:2 | knowledge:2 | reused:2 | 教训:4 | 经验:4 | 记忆:3 | 回忆:3 | 召回:4 | 学到:4 | 学习:3 | 反思:3 | 帮助:2 | 有用:2 | 分享:2 | 共享:2 | 心得:4',
    ),
  },
  {
    intent: 'tools',
    terms: terms(
      'tool:4 | function:3 | called:1 | calls:1 | api call:2 | came back:3 | returned:2 | invok:3 | search:1 | lookup:1 | fetch:1 | mcp:3 | sandbox:2 | 工具:4 | 调用:3 | 返回:3 | 函数:3 | 接口:2 | call any:2',
    ),
  },
  {
    intent: 'errors',
    terms: terms(
      'error:4 | exception:4 | crash:4 | stack trace:4 | raised:3 | threw:4 | throw:3 | retry:2 | retries:2 | retried:2 | timeout:3 | timed out:3 | warning:3 | anomal:4 | broken:2 | bug:2 | failure:2 | 错误:4 | 异常:4 | 报错:4 | 崩溃:4 | 重试:3 | 超时:3 | 警告:3 | 故障:4 | 出错:4 | 什么错:4',
    ),
  },
  {
    intent: 'usage',
    terms: terms(
      'token:4 | cost:4 | price:3 | expensive:3 | cheap:3 | spend:3 | spent:3 | dollar:3 | usage:3 | how much:2 | how long:4 | duration:4 | latency:4 | slow:3 | took:2 | seconds:3 | minutes:3 | time:2 | fast:2 | per role:3 | bill:3 | $:3 | 费用:4 | 成本:4 | 花费:4 | 花了:3 | 令牌:4 | 用量:4 | 多少钱:4 | 耗时:4 | 时间:3 | 多久:4 | 延迟:4 | 慢:3 | 开销:4 | 消耗:4 | 价格:3 | 贵:3',
    ),
  },
  {
    intent: 'changes',
    terms: terms(
      'change:4 | differ:4 | compare:4 | comparison:4 | between:2 | versus:3 |  vs:3 | improv:4 | better:2 | worse:2 | progress:2 | from one attempt to:4 | what was new:3 | 变化:4 | 区别:4 | 不同:4 | 比较:4 | 对比:4 | 差异:4 | 改进:3 | 进步:3 | 改变:4 | 变了:4 | 相比:4',
    ),
  },
  {
    intent: 'cancel',
    terms: terms(
      'cancel:5 | abort:5 | stopped:3 | stop:2 | killed:3 | terminat:3 | who:1 | halt:3 | 取消:5 | 中止:5 | 停止:3 | 终止:5 | 叫停:5 | 谁:1 | 撤销:4',
    ),
  },
  {
    intent: 'output',
    terms: terms(
      'output:4 | answer:3 | respon:3 | reply:3 | produce:3 | result:2 | final:1 | wrote:2 | generated:3 | 输出:4 | 回答:4 | 答案:4 | 结果:2 | 回复:4 | 生成:3 | 产出:4',
    ),
  },
  {
    intent: 'task',
    terms: terms(
      'prompt:2 | task:3 | asked:2 | request:2 | submit:3 | assignment:3 | goal:2 | 任务:2 | 提交:3 | 要求:3 | 题目:4 | 问了什么:4',
    ),
  },
  {
    intent: 'model',
    terms: terms('model:4 | llm:4 | provider:3 | gpt:3 | claude:3 | which ai:3 | 模型:4 | 大模型:4 | 供应商:3'),
  },
  {
    intent: 'attempts',
    terms: terms(
      'how many attempts:5 | how many tries:5 | how many times:4 | number of attempts:5 | attempts:2 | tries:2 | rounds:2 | iterations:3 | 几次:4 | 多少次:4 | 几轮:4 | 多少轮:4 | 尝试:2',
    ),
  },
  {
    intent: 'prompt',
    terms: terms(
      "what the model saw:6 | model saw:6 | model see:6 | judge see:6 | evaluator see:6 | judge's prompt:6 | judge prompt:6 | evaluator prompt:6 | what did it see:5 | was sent:3 | prompt did:3 | 模型看到:6 | 看到了什么:5 | saw:2 | see:1 | messages:3 | context:2 | system prompt:5 | instructions:3 | prompt:2 | input:2 | sent to:3 | 看到:4 | 提示词:5 | 上下文:4 | 系统提示:5 | 输入:3 | 消息:3",
    ),
  },
  {
    intent: 'ratings',
    terms: terms(
      'rate this:4 | rating:4 | rated:4 | thumbs:5 | human feedback:7 | user feedback:7 | member feedback:7 | people think:5 | liked:3 | upvote:5 | downvote:5 | 点赞:5 | 差评:5 | 好评:5 | 用户反馈:7 | 人工反馈:7 | 打了分:3',
    ),
  },
  {
    intent: 'decline',
    terms: terms(
      'email:5 | e-mail:5 | password:6 | phone:5 | address:3 | ip address:6 | salary:6 | weather:8 | stock:5 | tomorrow:4 | next week:4 | other run:6 | another run:6 | other user:5 | other tenant:6 | credit card:8 | birthday:6 | home address:8 | gpu:5 | cpu:5 | ram:4 | memory usage:6 | disk:5 | server load:6 | who is:3 | joke:8 | poem:8 | recipe:8 | capital of:8 | translate:6 | 邮箱:5 | 密码:6 | 电话:5 | 住址:6 | 地址:3 | 天气:8 | 股票:6 | 明天:4 | 工资:6 | 其他运行:6 | 别的运行:6 | 另一个运行:6 | 信用卡:8 | 生日:6 | 笑话:8 | 诗:6 | 食谱:8 | 首都:8 | 内存占用:6 | 显卡:6',
    ),
  },
]

/** Intents that only frame a question ("why", "status"): a specific topic scoring 3 or more wins over them. */
export const GENERIC_INTENTS: readonly Intent[] = ['why', 'status']

/** Topics that a role word only qualifies: "which model did the judge use" asks about the model. */
export const ROLE_TOPICS: readonly Intent[] = ['model', 'usage', 'prompt']

const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')
const isAscii = (text: string) => /^[\x20-\x7e]+$/.test(text)
const patterns = new Map<string, RegExp>()

/** Whether a term occurs in a (lower-cased) question: at a word start for English, anywhere for Chinese. */
export function hasTerm(question: string, term: string): boolean {
  if (!isAscii(term) || !/^[a-z]/.test(term)) return question.includes(term)
  let pattern = patterns.get(term)
  if (!pattern) patterns.set(term, (pattern = new RegExp(`(?<![a-z])${escape(term)}`)))
  return pattern.test(question)
}

/** Each intent's score for a question. */
export function intentScores(question: string): Map<Intent, number> {
  const text = question.toLowerCase()
  const scores = new Map<Intent, number>()
  for (const family of INTENT_FAMILIES) {
    const matched = family.terms.filter(([term]) => hasTerm(text, term))
    // A term inside a longer matched term of the same family ("evaluat" in "evaluator") counts once.
    const counted = matched.filter(([term]) => !matched.some(([other]) => other !== term && other.includes(term)))
    const score = counted.reduce((sum, [, weight]) => sum + weight, 0)
    if (score > 0) scores.set(family.intent, score)
  }
  return scores
}

/** The intents of a question, best first, with a specific topic preferred over a generic frame. */
export function rankIntents(question: string): { intent: Intent; score: number }[] {
  const ranked = [...intentScores(question)]
    .map(([intent, score]) => ({ intent, score }))
    .sort((left, right) => right.score - left.score)
  // Role words ("the judge", "评估") also name whose model, usage or prompt is asked about.
  const topical = ranked.find((entry) => ROLE_TOPICS.includes(entry.intent) && entry.score >= 3)
  if (ranked[0]?.intent === 'evaluator' && topical) return [topical, ...ranked.filter((entry) => entry !== topical)]
  const specific = ranked.find((entry) => !GENERIC_INTENTS.includes(entry.intent) && entry.intent !== 'decline')
  const top = ranked[0]
  if (top && GENERIC_INTENTS.includes(top.intent) && specific && specific.score >= 3)
    return [specific, ...ranked.filter((entry) => entry !== specific)]
  return ranked
}
