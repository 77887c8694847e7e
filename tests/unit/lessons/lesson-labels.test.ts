import { describe, expect, it } from 'vitest'
import { taskInputSchema } from '../../../lib/services/runs/task-input'
import { tagsField, taskKeyField } from '../../../lib/services/curation/fields'
import { normaliseLabel, normaliseTags, tagsSchema, taskKeySchema } from '../../../lib/core/reflexion/lesson-labels'

describe('one normalisation of tags and task keys', () => {
  it.each([
    ['Travel Planning', 'travel-planning'],
    ['  #Travel   Planning ', 'travel-planning'],
    ['travel_planning', 'travel-planning'],
    ['travel-planning', 'travel-planning'],
    ['ＴＯＫＹＯ', 'tokyo'],
    ['Städtereise', 'städtereise'],
    ['旅行 计划', '旅行-计划'],
    ['walking.tour:v2', 'walking.tour:v2'],
  ])('%j → %j', (raw, normal) => expect(normaliseLabel(raw)).toBe(normal))

  it('the admin form, the task form and the services agree on the same tags', () => {
    const typedByAdmin = 'Travel Planning, #Walking'
    const typedByMember = ['travel-planning', 'walking']
    const admin = tagsField.parse(typedByAdmin)
    const task = taskInputSchema.parse({ prompt: 'x', tags: typedByMember }).tags
    expect(admin).toEqual(['travel-planning', 'walking'])
    expect(task).toEqual(admin)
    expect(taskInputSchema.parse({ prompt: 'x', tags: 'Travel Planning' }).tags).toEqual(['travel-planning'])
    expect(normaliseTags(['Travel Planning', 'travel_planning', 'TRAVEL-PLANNING'])).toEqual(['travel-planning'])
  })

  it('task keys too: the admin’s Travel.Walking-Tour matches the member’s travel.walking-tour', () => {
    expect(taskKeyField.parse('Travel.Walking-Tour')).toBe('travel.walking-tour')
    expect(taskInputSchema.parse({ prompt: 'x', taskKey: 'travel.walking-tour' }).taskKey).toBe('travel.walking-tour')
    expect(taskKeySchema.parse('')).toBeNull()
  })

  it('refuses what cannot be a tag, with a message that says what is accepted', () => {
    expect(tagsSchema.safeParse('ok, <script>').success).toBe(false)
    expect(tagsSchema.safeParse('x'.repeat(41)).success).toBe(false)
    expect(tagsSchema.safeParse(Array.from({ length: 11 }, (_, index) => `t${index}`)).success).toBe(false)
    const result = taskInputSchema.safeParse({ prompt: 'x', tags: ['-bad'] })
    expect(result.success).toBe(false)
  })
})
